// Deployment configuration, parsed once from the worker's variables and secrets.
// A missing or malformed variable fails fast with a message naming it.
import { z } from "zod";

const url = z.url({ protocol: /^https?$/ });
/** An optional URL: absent or empty means "not configured". */
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined)
  .pipe(url.optional());
const flag = z.enum(["true", "false"]).transform((v) => v === "true");

export const configSchema = z.object({
  /** The public address of the site; login links are built from it, never from the Host header. */
  SITE_URL: url,
  STREAM_URL_HD: url,
  STREAM_URL_SD: url,
  STREAM_URL_MOBILE: url,
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
  MAIL_PROVIDER: z.enum(["log", "resend"]).default("log"),
  MAIL_FROM: z.string().min(3).default("Lounge Radio <no-reply@lounge-radio.example>"),
  ADMIN_USERNAME: z.string().min(1).default("admin"),
  DEBUG_LOGIN_LINKS: flag.default(false),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const cache = new WeakMap<object, Config>();

/** Parses the worker's environment once per isolate; throws a ConfigError naming each bad variable. */
export function getConfig(env: object): Config {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    throw new ConfigError(`Invalid worker configuration: ${problems}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}
