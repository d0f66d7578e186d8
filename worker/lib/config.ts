// Deployment configuration, parsed once from the worker's variables and secrets.
// A missing or malformed variable fails fast with a message naming it.
import { z } from "zod";
import { parsePasswordHash } from "./password";

const url = z.url({ protocol: /^https?$/ });
/** An optional URL: absent or empty means "not configured". */
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .pipe(url.optional());
const flag = z.enum(["true", "false"]).transform((v) => v === "true");
/** An optional secret or text: absent or blank means "not configured". */
const optionalText = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

export const defaultMailApiUrl = "https://api.resend.com";

type PerQuality = { hd: number; sd: number; mobile: number };
/**
 * A number per stream quality: one number for all ("65535"), or some qualities by name
 * ("hd=320,sd=128,mobile=64"), the rest keeping their defaults.
 */
function perQuality(defaults: PerQuality, { min, max }: { min: number; max: number }) {
  return z
    .string()
    .optional()
    .transform((text, ctx): PerQuality => {
      const value = text?.trim();
      if (!value) return defaults;
      const inRange = (n: number) => Number.isInteger(n) && n >= min && n <= max;
      if (/^\d+$/.test(value)) {
        const n = Number(value);
        if (inRange(n)) return { hd: n, sd: n, mobile: n };
      } else {
        const result = { ...defaults };
        const ok = value.split(",").every((part) => {
          const match = /^\s*(hd|sd|mobile)\s*=\s*(\d+)\s*$/.exec(part);
          if (!match || !inRange(Number(match[2]))) return false;
          result[match[1] as keyof PerQuality] = Number(match[2]);
          return true;
        });
        if (ok) return result;
      }
      ctx.addIssue({
        code: "custom",
        message: `must be a whole number from ${min} to ${max}, or hd=…,sd=…,mobile=… (some or all)`,
      });
      return z.NEVER;
    });
}

/**
 * True when the site's URL names this machine: localhost, 127.0.0.0/8 or [::1]. Parsing the URL
 * normalises the host (127.1 and 0x7f000001 become 127.0.0.1), so a plain match is enough;
 * anything else, `*.localhost` included, counts as public.
 */
export function isLoopbackUrl(siteUrl: string): boolean {
  let host: string;
  try {
    host = new URL(siteUrl).hostname;
  } catch {
    return false;
  }
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const loopbackOnly = "only when SITE_URL is a loopback address (localhost, 127.0.0.0/8 or [::1])";

const configSchema = z
  .object({
    /** The public address of the site; login links are built from it, never from the Host header. */
    SITE_URL: url,
    STREAM_URL_HD: url,
    STREAM_URL_SD: url,
    STREAM_URL_MOBILE: url,
    /** Each stream's constant bitrate (kbit/s): how many seconds the host's burst holds. ADR 020. */
    STREAM_BITRATES_KBPS: perQuality({ hd: 320, sd: 128, mobile: 64 }, { min: 8, max: 1536 }),
    /** Bytes the host sends a new listener at once (Icecast's burst-size, 65535 by default). ADR 020. */
    STREAM_BURST_BYTES: perQuality({ hd: 65535, sd: 65535, mobile: 65535 }, { min: 0, max: 16_777_216 }),
    /** Which radio host format RADIO_METADATA_URL speaks. */
    RADIO_SOURCE: z.enum(["icecast", "azuracast"]),
    /** Icecast: the server's base URL (status-json.xsl is read there); AzuraCast: the now-playing API URL. */
    RADIO_METADATA_URL: url,
    /** Icecast mount whose title is the current track. */
    RADIO_MOUNT: z.string().startsWith("/").default("/hd"),
    /** Next-track widget endpoint (an array whose first item is the next track); optional. */
    NEXT_TRACK_URL: optionalUrl,
    /** Script URL of the third-party played-tracks widget shown on /history; optional. */
    HISTORY_WIDGET_URL: optionalUrl,
    HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    /** An anonymous session's favorites are deleted once unused (no add, remove or read) this long. */
    ANONYMOUS_FAVORITES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
    /** /api/health answers 503 once the last good radio read or cron run is older than this. */
    HEALTH_MAX_AGE_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
    /** How often the live room reads the radio host, in seconds. */
    LIVE_POLL_SECONDS: z.coerce.number().min(1).max(3600).default(1),
    /** How long an isolate keeps the public history and statistics answers (0: not at all). */
    PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
    /** How many Durable Objects hold the players' live connections (ADR 009). */
    LIVE_SHARDS: z.coerce.number().int().min(1).max(1000).default(1),
    /** A shard refuses sockets past this many (503; the players poll): ADR 009's 5,000. ADR 032. */
    LIVE_SOCKETS_PER_SHARD: z.coerce.number().int().min(1).max(32_768).default(5000),
    /** Live sockets one client network may hold (429 past it; those players poll). ADR 032. */
    LIVE_SOCKETS_PER_NETWORK: z.coerce.number().int().min(1).max(32_768).default(20),
    /** Where covers are looked up for tracks the host sends none for (ADR 019); none turns it off. */
    ARTWORK_PROVIDER: z.enum(["musicbrainz", "none"]).default("musicbrainz"),
    /** The MusicBrainz web service and the Cover Art Archive; the tests point them at a local fake. */
    MUSICBRAINZ_URL: optionalUrl.transform((v) => v ?? "https://musicbrainz.org"),
    COVER_ART_ARCHIVE_URL: optionalUrl.transform((v) => v ?? "https://coverartarchive.org"),
    /** A track no cover was found for is looked up again after this many days. */
    ARTWORK_MISS_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /**
     * Rewind (ADR 040): how many minutes of each stream the recorders keep; 0 records nothing.
     * A recorder reads its mount in sessions of REWIND_SESSION_SECONDS, within a Durable Object
     * alarm's 15 minutes, and joins each new connection to the last by the host's burst.
     */
    REWIND_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 60)
      .default(60),
    REWIND_SESSION_SECONDS: z.coerce.number().int().min(10).max(600).default(300),
    /** Station insights (ADR 021): per-minute listener counts are kept this many days, hourly ones this many. */
    INSIGHTS_MINUTE_DAYS: z.coerce.number().int().min(1).max(400).default(14),
    INSIGHTS_HOUR_DAYS: z.coerce.number().int().min(31).max(3650).default(400),
    /**
     * The most plays one performance report covers (ADR 038): a report makes one D1 query per
     * 5,000 plays, and a Worker makes at most 50 a request on the free plan, 1,000 on the paid.
     */
    REPORT_MAX_PLAYS: z.coerce.number().int().min(1).max(4_900_000).default(225_000),
    /**
     * What all clients together may add or send per hour (ADR 032), beside each client's own
     * limit: anonymous favorites, listening stretches begun, contact messages, mails sent.
     */
    SITE_BUDGET_FAVORITES_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(2000),
    SITE_BUDGET_LISTENING_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(20_000),
    SITE_BUDGET_CONTACT_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(60),
    SITE_BUDGET_MAIL_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(200),
    /**
     * Rows the site keeps at most (ADR 034): favorites of listeners who are not logged in, and
     * listening stretches. Past a cap the cron prunes the longest untouched (favorites) or oldest
     * (stretches) first, never those of the last 7 days; the hourly budgets bound what comes in.
     */
    ANONYMOUS_FAVORITES_MAX_ROWS: z.coerce.number().int().min(1).max(100_000_000).default(300_000),
    LISTENING_MAX_ROWS: z.coerce.number().int().min(1).max(100_000_000).default(2_000_000),
    /** How long contact messages are kept: they were mailed, and the admin's export has them. */
    CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    MAIL_PROVIDER: z.enum(["log", "resend"]).default("log"),
    MAIL_FROM: z.string().min(3).default("Lounge Radio <no-reply@lounge-radio.example>"),
    /** Resend API key (a wrangler secret); required when MAIL_PROVIDER is resend. */
    RESEND_API_KEY: optionalText,
    /** Base URL of the mail provider's API; the tests point it at a local fake. */
    MAIL_API_URL: optionalUrl.transform((v) => v ?? defaultMailApiUrl),
    /** Where contact-form notifications go; none are sent when unset. */
    CONTACT_NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
    ADMIN_USERNAME: z.string().min(1).default("admin"),
    /** Output of `npm run admin:hash` (a wrangler secret); admin login answers 503 without it. */
    ADMIN_PASSWORD_HASH: optionalText.refine((v) => v === undefined || parsePasswordHash(v) !== null, {
      error: "must be the output of npm run admin:hash (pbkdf2-sha256:<iterations>:<salt>:<hash>)",
    }),
    /** Secret mixed into the admin password hash (a wrangler secret); required with ADMIN_PASSWORD_HASH. */
    AUTH_PEPPER: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    DEBUG_LOGIN_LINKS: flag.default(false),
  })
  .superRefine((config, ctx) => {
    if (config.MAIL_PROVIDER === "resend" && !config.RESEND_API_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["RESEND_API_KEY"],
        message: "is required when MAIL_PROVIDER is resend",
      });
    }
    if (config.ADMIN_PASSWORD_HASH && !config.AUTH_PEPPER) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_PEPPER"],
        message: "is required when ADMIN_PASSWORD_HASH is set",
      });
    }
    // Debug links hand a live login link to anyone who asks, and the log provider prints them
    // instead of mailing them: both are for a developer's own machine, never a public site.
    if (isLoopbackUrl(config.SITE_URL)) return;
    if (config.DEBUG_LOGIN_LINKS) {
      ctx.addIssue({ code: "custom", path: ["DEBUG_LOGIN_LINKS"], message: `may be true ${loopbackOnly}` });
    }
    if (config.MAIL_PROVIDER === "log") {
      ctx.addIssue({
        code: "custom",
        path: ["MAIL_PROVIDER"],
        message: `may be log ${loopbackOnly}; a public site sends mail with resend`,
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const cache = new WeakMap<object, Config>();

export type ConfigIssue = { name: string; message: string };

function issuesOf(error: z.ZodError): ConfigIssue[] {
  return error.issues.map((issue) => ({ name: issue.path.join(".") || "(root)", message: issue.message }));
}

/** What getConfig would refuse in `env`, variable by variable (npm run deploy checks it first). */
export function configIssues(env: object): ConfigIssue[] {
  const parsed = configSchema.safeParse(env);
  return parsed.success ? [] : issuesOf(parsed.error);
}

/** Parses the worker's environment once per isolate; throws a ConfigError naming each bad variable. */
export function getConfig(env: object): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = issuesOf(parsed.error)
      .map((issue) => `${issue.name}: ${issue.message}`)
      .join("; ");
    throw new ConfigError(`Invalid worker configuration: ${problems}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}
