import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { nothingListens, resendMail } from "./support/fakes";
import { postJson } from "./support/request";
import { uniqueIp } from "./support/unique";

type StoredMessage = {
  id: string;
  name: string;
  email: string | null;
  message: string;
  notified_at: number | null;
};

const send = (body: unknown, ip?: string) => postJson("/api/contact", body, { ip });

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
    const res = await send({ name: "  Ada  ", email: "ada@listener.example", message: `Love it ${marker}` });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await storedMessages(marker)).toMatchObject([
      { name: "Ada", email: "ada@listener.example", message: `Love it ${marker}` },
    ]);
  });

  it("accepts a message without e-mail (empty or absent)", async () => {
    const marker = crypto.randomUUID();
    expect((await send({ name: "Anon", email: "", message: `one ${marker}` })).status).toBe(201);
    expect((await send({ name: "Anon", message: `two ${marker}` })).status).toBe(201);
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
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "invalid_request", message });
    const after = await env.DB.prepare("select count(*) as n from contact_messages").first<{ n: number }>();
    expect(after?.n).toBe(before?.n);
  });

  it("allows 5 messages per client in 10 minutes, then answers 429 with Retry-After", async () => {
    const client = uniqueIp();
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
    expect((await send({ name: "Bo", message: `${marker} other` })).status).toBe(201);
  });

  it("refuses a cross-origin post with 403", async () => {
    const res = await postJson(
      "/api/contact",
      { name: "Eve", message: "Hi" },
      { origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
  });

  it("mails the station when CONTACT_NOTIFY_EMAIL is set and marks the message notified", async () => {
    const marker = crypto.randomUUID();
    const res = await postJson(
      "/api/contact",
      { name: "Ada", email: "ada@listener.example", message: `Notify ${marker}` },
      { bindings: { CONTACT_NOTIFY_EMAIL: "station@lounge-radio.example", MAIL_PROVIDER: "log" } },
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
    const res = await postJson(
      "/api/contact",
      { name: "Ada", message: `Mail fails ${marker}` },
      {
        bindings: {
          ...resendMail("ok"),
          MAIL_API_URL: nothingListens,
          CONTACT_NOTIFY_EMAIL: "station@lounge-radio.example",
        },
      },
    );
    expect(res.status).toBe(201);
    expect(await storedMessages(marker)).toMatchObject([
      { message: `Mail fails ${marker}`, notified_at: null },
    ]);
  });

  it("stores the message without mailing when no CONTACT_NOTIFY_EMAIL is configured", async () => {
    const marker = crypto.randomUUID();
    expect((await send({ name: "Ada", message: `Unmailed ${marker}` })).status).toBe(201);
    expect(await storedMessages(marker)).toMatchObject([{ notified_at: null }]);
  });
});
