import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { stationLinks } from "#schema/station-links.ts";
import { ContactScreen } from "#web/routes/contact.tsx";
import { json, mockApi } from "./support/fetch";
import { renderAt } from "./support/render";

async function fillAndSend(fields: { name?: string; email?: string; message?: string }) {
  if (fields.name) await userEvent.type(screen.getByLabelText("Name"), fields.name);
  if (fields.email) await userEvent.type(screen.getByLabelText("Email"), fields.email);
  if (fields.message) await userEvent.type(screen.getByLabelText("Message"), fields.message);
  await userEvent.click(screen.getByRole("button", { name: "Send Message" }));
}

describe("contact form", () => {
  it.each([
    ["the name", { message: "Lovely station" }],
    ["the message", { name: "Ada" }],
    ["both (blank)", { name: "   ", message: "  " }],
  ])(
    "without %s shows 'Error' / 'Please fill in your name and message' and sends nothing",
    async (_, fields) => {
      const api = mockApi({ "POST /api/contact": { ok: true } });
      renderAt("/contact", <ContactScreen />);
      await fillAndSend(fields);
      expect(await screen.findByText("Error")).toBeTruthy();
      expect(screen.getByText("Please fill in your name and message")).toBeTruthy();
      expect(api.callsTo("POST", "/api/contact")).toHaveLength(0);
    },
  );

  it("shows 'Sending...' while sending, then 'Message sent! ✅' and clears the fields", async () => {
    let release: (r: Response) => void = () => {};
    const api = mockApi({
      "POST /api/contact": () => new Promise<Response>((resolve) => (release = resolve)),
    });
    renderAt("/contact", <ContactScreen />);
    await fillAndSend({ name: "Ada", email: "ada@example.com", message: "More Nujazz please" });
    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo("POST", "/api/contact")[0]?.body).toEqual({
      name: "Ada",
      email: "ada@example.com",
      message: "More Nujazz please",
    });
    release(json({ success: true }));
    expect(await screen.findByText("Message sent! ✅")).toBeTruthy();
    expect(screen.getByText("We'll get back to you soon!")).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
  });

  it("on failure shows 'Failed to send message' with the server's message and keeps the fields", async () => {
    mockApi({
      "POST /api/contact": () =>
        json({ error: "rate_limited", message: "Too many messages. Please try again in an hour." }, 429),
    });
    renderAt("/contact", <ContactScreen />);
    await fillAndSend({ name: "Ada", message: "Hello" });
    expect(await screen.findByText("Failed to send message")).toBeTruthy();
    expect(screen.getByText("Too many messages. Please try again in an hour.")).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Ada");
  });

  it("on a failure without a message says 'Please try again later'", async () => {
    mockApi({ "POST /api/contact": () => Promise.reject(new TypeError("Failed to fetch")) });
    renderAt("/contact", <ContactScreen />);
    await fillAndSend({ name: "Ada", message: "Hello" });
    expect(await screen.findByText("Failed to send message")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Please try again later")).toBeTruthy());
  });

  it("shows a review link, the licensing numbers and the radio directories", () => {
    renderAt("/contact", <ContactScreen />);
    expect(screen.getByRole("link", { name: /Write a review/ }).getAttribute("href")).toBe(
      stationLinks.reviewUrl,
    );
    for (const licence of stationLinks.licences) expect(screen.getByText(licence.number)).toBeTruthy();
    for (const directory of stationLinks.radioDirectories) {
      expect(screen.getByRole("link", { name: directory.name }).getAttribute("href")).toBe(directory.url);
    }
  });
});
