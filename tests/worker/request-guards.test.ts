import { describe, expect, it } from "vitest";
import { request } from "./support/request";

const post = (headers: Record<string, string>, body = "{}") =>
  request("/api/anything", { method: "POST", body, headers });

describe("state-changing requests", () => {
  it("are refused with 403 when another origin sends them", async () => {
    const res = await post({ Origin: "https://evil.example", "Content-Type": "application/json" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "cross_origin" });
  });

  it("are refused with 403 when the browser says cross-site and sends no Origin", async () => {
    const res = await post({ "Sec-Fetch-Site": "cross-site", "Content-Type": "application/json" });
    expect(res.status).toBe(403);
  });

  it("pass from the site's own origin", async () => {
    const res = await post({ Origin: "http://localhost", "Content-Type": "application/json" });
    expect(res.status).toBe(404);
  });

  it("refuse a body that is not JSON with 415", async () => {
    const res = await post({ Origin: "http://localhost", "Content-Type": "text/plain" }, "name=x");
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ error: "unsupported_media_type" });
  });

  it("refuse a form post (the classic CSRF body) with 415 even from the site itself", async () => {
    const res = await post(
      { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded" },
      "a=1",
    );
    expect(res.status).toBe(415);
  });
});
