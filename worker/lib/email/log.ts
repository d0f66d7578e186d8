// The local mail provider: the message goes to the worker log and, when debug login links
// are on, to the dev outbox that /api/auth/debug-tokens reads.
import { lt } from "drizzle-orm";
import { devOutbox } from "#schema/db.ts";
import { isLoopbackUrl } from "../config";
import type { Db } from "../db";
import { redactSecrets } from "../redact";
import type { MailMessage } from "./message";

const hiddenLink = "[login link not printed: SITE_URL is not a loopback address]";

/**
 * What the log shows of the message. The configuration refuses this provider on a public site;
 * should one get here anyway, its log (kept by the platform, read by more people than the
 * mailbox) must not hand out live login links.
 */
function printable(message: MailMessage, siteUrl: string): string {
  if (isLoopbackUrl(siteUrl)) return message.text;
  const link = message.loginLink?.url;
  return redactSecrets(link ? message.text.replaceAll(link, hiddenLink) : message.text);
}

export async function sendToLog(
  db: Db,
  message: MailMessage,
  options: { siteUrl: string; recordInOutbox: boolean },
): Promise<void> {
  console.log(`[mail] to ${message.to}: ${message.subject}\n${printable(message, options.siteUrl)}`);
  if (!options.recordInOutbox) return;
  await db.insert(devOutbox).values({
    id: crypto.randomUUID(),
    toEmail: message.to,
    subject: message.subject,
    text: message.text,
    link: message.loginLink?.url ?? null,
    tokenHash: message.loginLink?.tokenHash ?? null,
    expiresAt: message.loginLink ? new Date(message.loginLink.expiresAt) : null,
    createdAt: new Date(),
  });
}

/** For the cron: the outbox is a development aid, not an archive. */
export async function pruneDevOutbox(db: Db, before: number): Promise<void> {
  await db.delete(devOutbox).where(lt(devOutbox.createdAt, new Date(before)));
}
