// The API client: every call includes credentials; a body is sent as JSON only when present;
// a non-2xx becomes Error("<status>: <text>") as SPEC section 8's generic rule says.
export async function apiRequest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  return (await res.json()) as T;
}

/** Default read for a query key: GET on the path built from the key's segments. */
export function pathFromQueryKey(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join("/");
}
