import { useMutation } from "@tanstack/react-query";
import type { ContactMessage, OkResponse } from "#schema/api.ts";
import { apiRequest } from "../api";

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactMessage) => apiRequest<OkResponse>("POST", "/api/contact", message),
  });
}

/** The server's message out of an `Error("<status>: <text>")`, whose text is `{ error, message }`. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const text = error.message.replace(/^\d{3}: /, "");
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === "string" && body.message ? body.message : undefined;
  } catch {
    return /^\d{3}: /.test(error.message) && text ? text : undefined;
  }
}
