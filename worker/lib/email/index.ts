// Outgoing mail through the provider the configuration names. Callers build a MailMessage
// (login links here, contact notifications elsewhere) and call sendMail; a MailError means
// the message did not go out.
import { getConfig } from "../config";
import { getDb } from "../db";
import { sendToLog } from "./log";
import type { MailMessage } from "./message";
import { sendWithResend } from "./resend";

export { MailError, type MailMessage } from "./message";

export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  const config = getConfig(env);
  switch (config.MAIL_PROVIDER) {
    case "log":
      return sendToLog(getDb(env.DB), message, {
        siteUrl: config.SITE_URL,
        recordInOutbox: config.DEBUG_LOGIN_LINKS,
      });
    case "resend":
      return sendWithResend(
        // The config refinement guarantees the key when the provider is resend.
        { apiUrl: config.MAIL_API_URL, apiKey: config.RESEND_API_KEY ?? "", from: config.MAIL_FROM },
        message,
      );
  }
}
