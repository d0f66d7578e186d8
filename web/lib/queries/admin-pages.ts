// The admin's server state: the pages list (drafts included), page saves and deletes, export and
// import, admin login and logout, and the debug list of login tokens. Keys are the API paths.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  AdminLogin,
  DebugTokens,
  ImportResponse,
  Page,
  PageInput,
  PagesExport,
  SuccessResponse,
} from "#schema/api.ts";
import { apiRequest, apiSend, ensureOk } from "../api";

export const pagesQueryKey = ["/api/pages"] as const;
export const debugTokensQueryKey = ["/api/auth/debug-tokens"] as const;

/** GET /api/pages through the client's default read; the admin's cookie brings drafts too. */
export const pagesQueryOptions = () => queryOptions<Page[]>({ queryKey: pagesQueryKey });

export type DebugTokensResult = { enabled: true; tokens: DebugTokens["tokens"] } | { enabled: false };

/** GET /api/auth/debug-tokens; a 404 means the server has debug links turned off. */
export const debugTokensQueryOptions = () =>
  queryOptions<DebugTokensResult>({
    queryKey: debugTokensQueryKey,
    queryFn: async () => {
      try {
        const { tokens } = await apiRequest<DebugTokens>("GET", debugTokensQueryKey[0]);
        return { enabled: true, tokens };
      } catch (error) {
        if (errorStatus(error) === 404) return { enabled: false };
        throw error;
      }
    },
  });

/** The status code of an Error("<status>: <text>") from the API client. */
export function errorStatus(error: unknown): number | undefined {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * What to tell the admin about a failed call: the server's `message` (or, with `prefer: "error"`,
 * its `error` text first, as the import's errors carry the fuller text there), else the error text.
 */
export function errorDetail(error: unknown, prefer: "message" | "error" = "message"): string {
  const text = error instanceof Error ? error.message : String(error);
  const body = text.replace(/^\d{3}: /, "");
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object") {
      const fields = parsed as { message?: unknown; error?: unknown };
      const order = prefer === "error" ? [fields.error, fields.message] : [fields.message, fields.error];
      const found = order.find((value): value is string => typeof value === "string" && value !== "");
      if (found) return found;
    }
  } catch {
    // Not JSON: the text is the detail.
  }
  return body || text;
}

export function useSavePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: PageInput }) =>
      id ? apiRequest<Page>("PUT", `/api/pages/${id}`, input) : apiRequest<Page>("POST", "/api/pages", input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagesQueryKey }),
  });
}

/** DELETE /api/pages/{id}; its `{ ok: true }` is not read, so a delete sent as the tab closes can finish. */
export function deletePage(id: string, options: { keepalive?: boolean } = {}): Promise<void> {
  return apiSend("DELETE", `/api/pages/${encodeURIComponent(id)}`, options);
}

export function useImportPages() {
  const queryClient = useQueryClient();
  return useMutation({
    // The file's content as the admin chose it: the server validates all of it (pagesExport).
    mutationFn: (document: unknown) => apiRequest<ImportResponse>("POST", "/api/pages/import", document),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pagesQueryKey }),
  });
}

/** GET /api/pages/export: the document and the file name the server suggests. */
export async function fetchPagesExport(): Promise<{ document: PagesExport; filename: string }> {
  const res = await ensureOk(await fetch("/api/pages/export", { credentials: "include" }));
  const document = (await res.json()) as PagesExport;
  const disposition = res.headers.get("Content-Disposition") ?? "";
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const filename = named
    ? decodeURIComponent(named)
    : `pages-export-${new Date().toISOString().slice(0, 10)}.json`;
  return { document, filename };
}

export function adminLogin(username: string, password: string) {
  return apiRequest<SuccessResponse>("POST", "/api/auth/login", { username, password } satisfies AdminLogin);
}

/** POST /api/auth/logout; its `{ success: true }` is not read. */
export function logout(): Promise<void> {
  return apiSend("POST", "/api/auth/logout");
}
