// Resend's e-mail API as documented: POST /emails with a Bearer key answers 200 { id };
// errors answer { statusCode, name, message }. The path after /resend/ picks the behaviour
// (`ok` records the mail; `fail-422`, `fail-401`, `fail-403`, `fail-429`, `fail-500` answer
// that error), and GET /resend/sent?to=<email> returns what `ok` recorded for an address.
import { randomUUID } from "node:crypto";
import { type FakeHandler, sendJson } from "./types.ts";

export type SentMail = {
  id: string;
  authorization: string;
  from: string;
  to: string[];
  subject: string;
  text?: string;
  html?: string;
};

const sent: SentMail[] = [];

const errors: Record<string, { name: string; message: string }> = {
  "401": { name: "missing_api_key", message: "Missing API key in the authorization header." },
  "403": { name: "invalid_api_key", message: "API key is invalid." },
  "422": { name: "validation_error", message: "The `to` field must be a valid email address." },
  "429": {
    name: "rate_limit_exceeded",
    message: "Too many requests. You can only make 2 requests per second.",
  },
  "500": { name: "internal_server_error", message: "An unexpected error occurred." },
};

function resendError(res: Parameters<FakeHandler>[1], status: number) {
  const error = errors[String(status)] ?? { name: "application_error", message: "Unknown error." };
  return sendJson(res, status, { statusCode: status, ...error });
}

export const resendFake: FakeHandler = (req, res) => {
  if (!req.url.pathname.startsWith("/resend/")) return false;
  if (req.method === "GET" && req.url.pathname === "/resend/sent") {
    const to = req.url.searchParams.get("to") ?? "";
    return sendJson(
      res,
      200,
      sent.filter((mail) => mail.to.includes(to)),
    );
  }
  const match = /^\/resend\/(ok|fail-(\d{3}))\/emails$/.exec(req.url.pathname);
  if (!match || req.method !== "POST") return resendError(res, 404);
  if (match[2]) return resendError(res, Number(match[2]));

  const authorization = req.headers.authorization ?? "";
  if (!/^Bearer \S+$/.test(authorization)) return resendError(res, 401);
  let body: Partial<SentMail>;
  try {
    body = JSON.parse(req.body) as Partial<SentMail>;
  } catch {
    return sendJson(res, 422, { statusCode: 422, name: "validation_error", message: "Invalid JSON body." });
  }
  if (!body.from || !Array.isArray(body.to) || body.to.length === 0 || !body.subject) {
    return sendJson(res, 422, {
      statusCode: 422,
      name: "missing_required_field",
      message: "Missing `from`, `to` or `subject` field.",
    });
  }
  const id = randomUUID();
  sent.push({
    id,
    authorization,
    from: body.from,
    to: body.to,
    subject: body.subject,
    text: body.text,
    html: body.html,
  });
  return sendJson(res, 200, { id });
};
