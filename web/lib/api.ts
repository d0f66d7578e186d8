// The API client: every call includes credentials; a body is sent as JSON only when present;
// a non-2xx becomes Error("<status>: <text>") as docs/product.md §8's generic rule says.
// Each call is a function in queries/<resource>.ts whose body and answer are types of
// schema/api.ts, imported as types only so zod stays out of the bundle (ADR 010).

import { yieldToBrowser } from "./idle";

/** The client's rule for a non-2xx answer: an Error carrying the status and the body's text. */
export async function ensureOk(res: Response): Promise<Response> {
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  return res;
}

/**
 * `fetch()` from a task of its own: the reads of queries. A page starts its queries together,
 * in the one task where React runs the effects of the first render, and each `fetch()` call
 * costs the main thread a millisecond or two on a phone. Not for a request sent as the tab
 * closes (apiSend's keepalive), which must leave in the task that sends it.
 */
export async function fetchInOwnTask(input: string, init: RequestInit): Promise<Response> {
  await yieldToBrowser();
  return fetch(input, init);
}

/** A call whose answer is JSON of type `T` (a type of schema/api.ts). */
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetchInOwnTask(path, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await (await ensureOk(res)).json()) as T;
}

/**
 * A call whose answer is not read (it may be empty, which apiRequest cannot parse).
 * `keepalive` lets a request sent as the tab closes finish.
 */
export async function apiSend(
  method: string,
  path: string,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  await ensureOk(await fetch(path, { method, credentials: "include", keepalive: options.keepalive }));
}

/** Default read for a query key: GET on the path built from the key's segments. */
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join("/");
}
