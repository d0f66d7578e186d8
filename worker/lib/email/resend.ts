// Resend's documented HTTP API: POST {base}/emails with a Bearer key answers 200 { id };
// errors answer { statusCode, name, message }, which we log and turn into a MailError.
import { MailError, type MailMessage } from "./message";

export type ResendSettings = { apiUrl: string; apiKey: string; from: string };

const timeoutMs = 10_000;

async function describeFailure(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { name?: unknown; message?: unknown };
    return `${res.status} ${String(body.name ?? "")}: ${String(body.message ?? "")}`;
  } catch {
    return `${res.status} (no JSON body)`;
  }
}

export async function sendWithResend(settings: ResendSettings, message: MailMessage): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${settings.apiUrl.replace(/\/+$/, "")}/emails`, {
      method: "POST",
      headers: { Authorization: `Bearer ${settings.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: settings.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.replyTo ? { reply_to: message.replyTo } : {}),
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new MailError(`Resend unreachable: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!res.ok) throw new MailError(`Resend refused the message: ${await describeFailure(res)}`);
  const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
  if (typeof body?.id !== "string") throw new MailError("Resend answered without a message id");
}
