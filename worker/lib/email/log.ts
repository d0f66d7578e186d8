// The local mail provider: the message goes to the worker log and, when debug login links
// are on, to the dev outbox that /api/auth/debug-tokens reads.
import { lt } from "drizzle-orm";
import { devOutbox } from "#schema/db.ts";
import type { Db } from "../db";
import type { MailMessage } from "./message";

export async function sendToLog(
  db: Db,
  message: MailMessage,
  options: { recordInOutbox: boolean },
): Promise<void> {
  console.log(`[mail] to ${message.to}: ${message.subject}\n${message.text}`);
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
