// The login mail: plain-text and HTML parts with the station's name, the link, its
// expiry, and a note that an unrequested mail can be ignored.
import { loginLinkLifetimeMinutes } from "#schema/rules.ts";
import { station } from "#schema/station.ts";
import { escapeHtml } from "../escape-html";
import type { MailMessage } from "./message";

const expiryNote = `The link expires in ${loginLinkLifetimeMinutes} minutes and works once.`;

export function loginEmail(input: {
  to: string;
  link: string;
  tokenHash: string;
  expiresAt: number;
}): MailMessage {
  const name = station.name;
  const subject = `Your login link for ${name}`;
  const text = [
    `Log in to ${name} with this link:`,
    "",
    input.link,
    "",
    expiryNote,
    "",
    `If you did not ask to log in to ${name}, you can ignore this e-mail.`,
  ].join("\n");
  const html = `<!doctype html>
<html lang="en">
<body style="font-family: sans-serif; line-height: 1.5">
  <p>Log in to ${escapeHtml(name)} with this link:</p>
  <p><a href="${escapeHtml(input.link)}">Log in to ${escapeHtml(name)}</a></p>
  <p>${expiryNote}</p>
  <p style="color: #666">If you did not ask to log in to ${escapeHtml(name)}, you can ignore this e-mail.</p>
</body>
</html>`;
  return {
    to: input.to,
    subject,
    text,
    html,
    loginLink: { url: input.link, tokenHash: input.tokenHash, expiresAt: input.expiresAt },
  };
}
