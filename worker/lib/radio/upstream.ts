// Reads a radio host's JSON: 3 s timeout, non-OK, oversized or unparsable answers are failures.
import { readCapped } from "../read-capped";

const upstreamTimeoutMs = 3000;
/**
 * The most of an answer that is read. An Icecast status page with a few dozen mounts, an
 * AzuraCast now-playing answer with its song history, a next-track widget: tens of kilobytes. A
 * host that sends more (a misconfigured proxy's page, an endless stream at that URL) is a failed
 * read, never a reader holding megabytes.
 */
export const upstreamMaxBytes = 1024 * 1024;

/** The radio host was unreachable, slow, answered non-OK or something that is not the expected JSON. */
export class UpstreamError extends Error {
  override name = "UpstreamError";
}

export async function fetchUpstreamJson(
  url: string,
  options: { repair?: (text: string) => string } = {},
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    });
  } catch (err) {
    throw new UpstreamError(`${url} unreachable or slower than ${upstreamTimeoutMs} ms: ${String(err)}`);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new UpstreamError(`${url} answered ${res.status}`);
  }
  let text: string;
  try {
    const bytes = await readCapped(res, upstreamMaxBytes);
    if (!bytes) throw new UpstreamError(`${url} answered more than ${upstreamMaxBytes / 1024} KB`);
    text = new TextDecoder().decode(bytes);
  } catch (err) {
    if (err instanceof UpstreamError) throw err;
    throw new UpstreamError(`${url} body unreadable: ${String(err)}`);
  }
  try {
    return JSON.parse(options.repair ? options.repair(text) : text);
  } catch {
    throw new UpstreamError(`${url} answered something that is not JSON`);
  }
}

/** A trimmed non-empty string, else null. */
export function text(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** An http(s) URL the SPA may show as an image, else null. */
export function imageUrl(value: unknown): string | null {
  const candidate = text(value);
  if (!candidate) return null;
  try {
    const { protocol } = new URL(candidate);
    return protocol === "https:" || protocol === "http:" ? candidate : null;
  } catch {
    return null;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
