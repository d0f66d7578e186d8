// POST /api/auth/request-login. Kept apart from apiRequest: the dialog shows the server's `message`.

export class LoginLinkError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? "Failed to send login link");
    this.name = "LoginLinkError";
  }
}

export async function requestLoginLink(email: string): Promise<void> {
  const res = await fetch("/api/auth/request-login", {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
  if (res.ok) return;
  let serverMessage: string | null = null;
  try {
    const body = (await res.json()) as { message?: unknown } | null;
    if (typeof body?.message === "string" && body.message.trim() !== "") serverMessage = body.message;
  } catch {}
  throw new LoginLinkError(serverMessage);
}

/** docs/product.md §8: the server's message, otherwise the generic text. */
export function loginLinkErrorText(error: unknown): string {
  return error instanceof LoginLinkError && error.serverMessage
    ? error.serverMessage
    : "Failed to send login link. Please try again.";
}
