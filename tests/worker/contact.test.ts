import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";

type StoredMessage = {
  id: string;
  name: string;
  email: string | null;
  message: string;
  notified_at: number | null;
};

/** A distinct client address per test, so rate limits never carry over between tests. */
const newClient = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${crypto.randomUUID()}`;

function send(body: unknown, client: string) {
  return exports.default.fetch(
    new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: "http://localhost", "CF-Connecting-IP": client },
      body: JSON.stringify(body),
    }),
  );
}

const storedMessages = async (marker: string) =>
  (
    await env.DB.prepare(
      "select id, name, email, message, notified_at from contact_messages where message like ?1",
    )
      .bind(`%${marker}%`)
      .all<StoredMessage>()
  ).results;

describe("POST /api/contact", () => {
  it("stores the message and answers 201 { ok: true }", async () => {
    const marker = crypto.randomUUID();
    const res = await send(
      { name: "  Ada  ", email: "ada@listener.example", message: `Love it ${marker}` },
      newClient(),
    );
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await storedMessages(marker)).toMatchObject([
      { name: "Ada", email: "ada@listener.example", message: `Love it ${marker}` },
    ]);
  });

  it("accepts a message without e-mail (empty or absent)", async () => {
    const marker = crypto.randomUUID();
    expect((await send({ name: "Anon", email: "", message: `one ${marker}` }, newClient())).status).toBe(201);
    expect((await send({ name: "Anon", message: `two ${marker}` }, newClient())).status).toBe(201);
    expect((await storedMessages(marker)).map((m) => m.email)).toEqual([null, null]);
  });

  it.each([
    ["a missing name", { message: "Hi" }, "Name is required"],
    ["a blank name", { name: "   ", message: "Hi" }, "Name is required"],
    ["a missing message", { name: "Ada" }, "Message is required"],
    ["a blank message", { name: "Ada", message: " \n " }, "Message is required"],
    ["an invalid e-mail", { name: "Ada", email: "not-an-email", message: "Hi" }, "Invalid e-mail address"],
    [
      "a name over 200 characters",
      { name: "x".repeat(201), message: "Hi" },
      "Must be at most 200 characters",
    ],
    [
      "a message over 5000 characters",
      { name: "Ada", message: "x".repeat(5001) },
      "Must be at most 5000 characters",
    ],
  ])("refuses %s with 400 and stores nothing", async (_what, body, message) => {
    const before = await env.DB.prepare("select count(*) as n from contact_messages").first<{ n: number }>();
    const res = await send(body, newClient());
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", message });
    const after = await env.DB.prepare("select count(*) as n from contact_messages").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("allows 5 messages per client in 10 minutes, then answers 429 with Retry-After", async () => {
    const client = newClient();
    const marker = crypto.randomUUID();
    for (let i = 0; i < 5; i++) {
      expect((await send({ name: "Ada", message: `${marker} ${i}` }, client)).status).toBe(201);
    }
    const res = await send({ name: "Ada", message: `${marker} too many` }, client);
    expect(res.status).toBe(429);
    expect((await res.json()) as object).toMatchObject({ error: "too_many_requests" });
    const retryAfter = Number(res.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await storedMessages(marker)).toHaveLength(5);
    // Another client is not affected.
    expect((await send({ name: "Bo", message: `${marker} other` }, newClient())).status).toBe(201);
  });

  it("refuses a cross-origin post with 403", async () => {
    const res = await exports.default.fetch(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
        body: JSON.stringify({ name: "Eve", message: "Hi" }),
      }),
    );
    expect(res.status).toBe(403);
  });

  it("mails the station when CONTACT_NOTIFY_EMAIL is set and marks the message notified", async () => {
    const marker = crypto.randomUUID();
    const res = await app.request(
      "/api/contact",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
        body: JSON.stringify({ name: "Ada", email: "ada@listener.example", message: `Notify ${marker}` }),
      },
      { ...env, CONTACT_NOTIFY_EMAIL: "station@lounge-radio.example", MAIL_PROVIDER: "log" },
    );
    expect(res.status).toBe(201);
    const [stored] = await storedMessages(marker);
    expect(stored?.notified_at).toEqual(expect.any(Number));
    const mail = await env.DB.prepare("select to_email, subject, text from dev_outbox where text like ?1")
      .bind(`%${marker}%`)
      .first<{ to_email: string; subject: string; text: string }>();
    expect(mail).toMatchObject({ to_email: "station@lounge-radio.example" });
    expect(mail?.text).toContain("ada@listener.example");
  });

  it("keeps the message and still answers 201 when the mail provider fails", async () => {
    const marker = crypto.randomUUID();
    const res = await app.request(
      "/api/contact",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClient() },
        body: JSON.stringify({ name: "Ada", message: `Mail fails ${marker}` }),
      },
      {
        ...env,
        CONTACT_NOTIFY_EMAIL: "station@lounge-radio.example",
        MAIL_PROVIDER: "resend",
        RESEND_API_KEY: "re_test_key",
        MAIL_API_URL: "http://127.0.0.1:9",
      },
    );
    expect(res.status).toBe(201);
    expect(await storedMessages(marker)).toMatchObject([
      { message: `Mail fails ${marker}`, notified_at: null },
    ]);
  });

  it("stores the message without mailing when no CONTACT_NOTIFY_EMAIL is configured", async () => {
    const marker = crypto.randomUUID();
    expect((await send({ name: "Ada", message: `Unmailed ${marker}` }, newClient())).status).toBe(201);
    expect(await storedMessages(marker)).toMatchObject([{ notified_at: null }]);
  });
});
