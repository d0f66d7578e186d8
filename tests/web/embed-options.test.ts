// The embed's options as its query gives them (schema/embed.ts): what the snippet builder writes
// is what the embed reads, and anything else is the default.
import { describe, expect, it } from "vitest";
import { defaultEmbedOptions, type EmbedOptions, embedQuery, readEmbedOptions } from "#schema/embed.ts";

describe("the embed's options", () => {
  it("are the defaults without a query: auto theme, card, the station's accent, every part, hd", () => {
    expect(readEmbedOptions("")).toEqual(defaultEmbedOptions);
    expect(embedQuery(defaultEmbedOptions)).toBe("");
  });

  it("round-trip through the query the snippet builder writes", () => {
    const chosen: EmbedOptions = {
      theme: "dark",
      layout: "compact",
      accent: "ff6600",
      parts: ["volume", "link"],
      quality: "mobile",
    };
    const query = embedQuery(chosen);
    expect(query).toBe("?theme=dark&layout=compact&accent=ff6600&show=volume%2Clink&quality=mobile");
    expect(readEmbedOptions(query)).toEqual(chosen);
  });

  it("fall back to the default for anything unknown or malformed, never reaching the page's CSS", () => {
    expect(
      readEmbedOptions("?theme=neon&layout=huge&accent=red;background:url(x)&quality=8k&show=script,cover"),
    ).toEqual({ ...defaultEmbedOptions, parts: ["cover"] });
    expect(readEmbedOptions("?accent=%23ff6600").accent).toBeNull();
    expect(readEmbedOptions("?accent=FF6600").accent).toBe("ff6600");
    // An empty list hides every optional part; the play button and the title always show.
    expect(readEmbedOptions("?show=").parts).toEqual([]);
  });
});

describe("the snippet builder's lines", () => {
  it("frame the embed with the chosen options, escaped, at the layout's height", async () => {
    const { embedSnippet, plainSnippet } = await import("#web/routes/admin/embed-screen.tsx");
    const snippet = embedSnippet("https://radio.example", { ...defaultEmbedOptions, layout: "compact" });
    expect(snippet).toBe(
      '<iframe src="https://radio.example/embed?layout=compact" title="Lounge Radio" width="100%" height="72" style="border:0;max-width:480px" allow="autoplay" loading="lazy"></iframe>',
    );
    const tricky = embedSnippet('https://radio.example/"><script>', defaultEmbedOptions);
    // A quote cannot end the attribute: what follows stays inside it.
    expect(tricky).toContain('src="https://radio.example/&quot;><script>/embed"');
    expect(plainSnippet("https://radio.example", "https://stream.example/hd?a=1&b=2")).toBe(
      '<audio controls preload="none" src="https://stream.example/hd?a=1&amp;b=2"></audio>\n<a href="https://radio.example/">Listen on Lounge Radio</a>',
    );
  });
});
