// What every provider sends, and the one error that means "it did not go out".

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** The login link the message carries: the log provider records it for the debug page. */
  loginLink?: { url: string; tokenHash: string; expiresAt: number };
};

export class MailError extends Error {
  override name = "MailError";
}
