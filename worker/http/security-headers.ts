// Security headers for every response the worker produces. The CSP admits the
// configured stream and metadata hosts, so the player and metadata code work
// and nothing else third-party does.
import { bootScriptHash } from "#schema/boot-script.ts";
import type { Config } from "../lib/config";
// With its extension: bench:web's static server (dev/bench-web/server.ts) loads this file in Node.
import { allowedVideoFrameOrigins } from "../lib/sanitize.ts";
import type { OwnPolicy } from "../own-policy";

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

function unique(values: (string | undefined)[]): string[] {
  return [...new Set(values.filter((v): v is string => Boolean(v)))];
}

/**
 * The Content-Security-Policy's directives; `config` is undefined when configuration is broken,
 * and then they hold only what needs no configuration (web/public/_headers is checked against
 * that, tests/worker/static-csp.test.ts).
 */
export function contentSecurityPolicyDirectives(
  config: Config | undefined,
  inlineScriptHashes: string[] = [],
): Record<string, string[]> {
  const streams = config
    ? unique([config.STREAM_URL_HD, config.STREAM_URL_SD, config.STREAM_URL_MOBILE].map(originOf))
    : [];
  const metadata = config
    ? unique([originOf(config.RADIO_METADATA_URL), originOf(config.NEXT_TRACK_URL)])
    : [];
  // The site frames only its own pages: the played-tracks widget's sandboxed frame
  // (worker/routes/widgets.ts, so the site's pages run no third-party script) and the embed's
  // preview in the snippet builder (/pb/embed).
  const ownFrames = ["'self'"];
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...inlineScriptHashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https:"],
    "font-src": ["'self'"],
    // The player fetches the stream and plays it through Media Source Extensions (a blob: URL),
    // or hands the element the stream's URL where it cannot (web/features/player/stream-source.ts).
    "media-src": ["'self'", ...streams, ...(streams.length > 0 ? ["blob:"] : [])],
    "connect-src": ["'self'", ...unique([...metadata, ...streams])],
    "frame-src": [...ownFrames, ...allowedVideoFrameOrigins],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

function contentSecurityPolicy(
  config: Config | undefined,
  inlineScriptHashes: string[],
  overrides: Record<string, string[]> = {},
): string {
  return Object.entries({ ...contentSecurityPolicyDirectives(config, inlineScriptHashes), ...overrides })
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join("; ");
}

/** The policy is built once per configuration (the config object lives as long as its env). */
const policies = new WeakMap<Config, string>();
let unconfiguredPolicy: string | undefined;

async function policyFor(config: Config | undefined): Promise<string> {
  const built = config ? policies.get(config) : unconfiguredPolicy;
  if (built) return built;
  const policy = contentSecurityPolicy(config, [await bootScriptHash()]);
  if (config) policies.set(config, policy);
  else unconfiguredPolicy = policy;
  return policy;
}

/**
 * The embeddable player's policy (/embed): the site's, framed by any page, framing nothing and
 * posting no form.
 */
export async function embedPolicy(config: Config): Promise<string> {
  return contentSecurityPolicy(config, [], {
    "frame-src": ["'none'"],
    "form-action": ["'none'"],
    "frame-ancestors": ["*"],
  });
}

export async function applySecurityHeaders(
  headers: Headers,
  config: Config | undefined,
  own?: OwnPolicy,
): Promise<void> {
  headers.set("Content-Security-Policy", own?.contentSecurityPolicy ?? (await policyFor(config)));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  // The embed may be framed anywhere: its CSP's frame-ancestors says so, and X-Frame-Options,
  // which cannot, is left out.
  if (own?.framedBy === "anyone") headers.delete("X-Frame-Options");
  else headers.set("X-Frame-Options", own?.framedBy === "self" ? "SAMEORIGIN" : "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (config?.SITE_URL.startsWith("https://")) {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
}
