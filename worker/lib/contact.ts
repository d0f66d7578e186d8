// Contact messages: stored first, so a message is never lost; then the station is told by
// mail when CONTACT_NOTIFY_EMAIL is configured (else only in the worker log).
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { contactMessage } from "#schema/api.ts";
import { contactMessages } from "#schema/db.ts";
import { station } from "#schema/station.ts";
import { getConfig } from "./config";
import { type Db, deleteOldestBefore, getDb } from "./db";
import { sendMail } from "./email";
import { escapeHtml } from "./escape-html";
import { redactForLog } from "./redact";
import { spendSiteBudget } from "./site-budgets";

export type ContactInput = z.output<typeof contactMessage>;
export type StoredContactMessage = ContactInput & { id: string; createdAt: number };

/** Five messages per client per ten minutes. */
export const contactRateLimit = { limit: 5, windowMs: 10 * 60 * 1000 } as const;

export async function storeContactMessage(
  db: Db,
  input: ContactInput,
  now: number,
): Promise<StoredContactMessage> {
  const id = crypto.randomUUID();
  await db.insert(contactMessages).values({ ...input, id, createdAt: new Date(now) });
  return { ...input, id, createdAt: now };
}

/** Never throws: a failed notification leaves the message stored with notified_at unset. */
export async function notifyStation(env: Env, message: StoredContactMessage): Promise<boolean> {
  try {
    const to = getConfig(env).CONTACT_NOTIFY_EMAIL;
    if (!to) {
      console.log(`[contact] message ${message.id} stored; no CONTACT_NOTIFY_EMAIL, so no mail went out`);
      return false;
    }
    const db = getDb(env.DB);
    const budget = await spendSiteBudget(db, getConfig(env), "mail", Date.now());
    if (!budget.allowed) {
      console.warn(
        `[contact] message ${message.id} stored; the site's mail budget is spent, so no mail went out`,
      );
      return false;
    }
    const from = message.email ? `${message.name} <${message.email}>` : message.name;
    await sendMail(env, {
      to,
      subject: `${station.name}: message from ${message.name}`,
      text: `From: ${from}\n\n${message.message}`,
      html: `<p>From: ${escapeHtml(from)}</p><p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>`,
      ...(message.email ? { replyTo: message.email } : {}),
    });
    await db
      .update(contactMessages)
      .set({ notifiedAt: new Date() })
      .where(eq(contactMessages.id, message.id));
    return true;
  } catch (err) {
    console.error(
      `[contact] notification of message ${message.id} failed; it stays stored: ${redactForLog(String(err))}`,
    );
    return false;
  }
}

/**
 * The cron's pruning (ADR 032): messages older than `before` go, at most `limit` per run. They
 * were mailed to the station when they came (or logged, when no address is set); a backup keeps
 * them beyond that.
 */
export function deleteContactMessagesBefore(db: Db, before: number, limit = 1000): Promise<number> {
  const columns = { id: contactMessages.id, time: contactMessages.createdAt };
  return deleteOldestBefore(db, contactMessages, columns, before, limit);
}
