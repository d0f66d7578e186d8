import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sanitizeContent } from "#worker/lib/sanitize.ts";

const propertyRuns = 300;

/** Decodes the character references a browser would decode in an attribute value. */
function decodeEntities(value: string): string {
  const named: Record<string, string> = {
    amp: "&",
    lt: "<",
    gt: ">",
    quot: '"',
    apos: "'",
    colon: ":",
    tab: "\t",
    newline: "\n",
  };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code =
        ref[1] === "x" || ref[1] === "X" ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return named[ref.toLowerCase()] ?? whole;
  });
}

type Tag = { name: string; attributes: { name: string; value: string }[] };

const tagPattern = /<\/?([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'<>/=]+(?:="[^"<>]*")?)*)\s*\/?>/g;
const attributePattern = /([^\s"'<>/=]+)(?:="([^"<>]*)")?/g;

/** The tags of sanitizer output (which always quotes attributes and escapes text). */
function tagsOf(html: string): { tags: Tag[]; rest: string } {
  const tags: Tag[] = [];
  const rest = html.replace(tagPattern, (_whole, name: string, attrs: string) => {
    const attributes = [...attrs.matchAll(attributePattern)].map((m) => ({
      name: m[1] ?? "",
      value: decodeEntities(m[2] ?? ""),
    }));
    tags.push({ name: name.toLowerCase(), attributes });
    return "";
  });
  return { tags, rest };
}

/** What a URL attribute means to a browser: entities decoded, whitespace and controls gone. */
function urlScheme(value: string): string {
  const isControlOrSpace = (c: string) =>
    c.charCodeAt(0) <= 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f);
  return [...decodeEntities(value)]
    .filter((c) => !isControlOrSpace(c))
    .join("")
    .toLowerCase();
}

function assertSafe(output: string): void {
  expect(output.toLowerCase()).not.toContain("<script");
  const { tags, rest } = tagsOf(output);
  // Every "<" left in the output must be part of a tag we inspected; text is escaped.
  expect(rest).not.toContain("<");
  for (const tag of tags) {
    expect(["script", "style", "svg", "math", "object", "embed", "base", "meta", "link"]).not.toContain(
      tag.name,
    );
    for (const attr of tag.attributes) {
      expect(attr.name.toLowerCase()).not.toMatch(/^on/);
      expect(attr.name.toLowerCase()).not.toBe("style");
      expect(urlScheme(attr.value)).not.toContain("javascript:");
      expect(urlScheme(attr.value)).not.toContain("vbscript:");
    }
  }
}

/** Random case, character references and whitespace inserted inside a word. */
function obfuscated(word: string): fc.Arbitrary<string> {
  const char = (c: string) =>
    fc.constantFrom(
      c,
      c.toUpperCase(),
      `&#${c.charCodeAt(0)};`,
      `&#x${c.charCodeAt(0).toString(16)};`,
      `&#X00${c.charCodeAt(0).toString(16).toUpperCase()}`,
      `${c}&#9;`,
      `${c}&Tab;`,
      `${c}\n`,
      `${c}\t`,
      c === ":" ? "&colon;" : c,
    );
  return fc.tuple(...[...word].map(char)).map((parts) => parts.join(""));
}

const eventHandler = fc
  .tuple(
    fc.constantFrom("onerror", "onload", "onclick", "onmouseover", "onfocus", "onanimationstart", "onbegin"),
    fc.constantFrom("=", " = ", "=\n", "\t="),
    fc.constantFrom("alert(1)", '"alert(1)"', "'alert(1)'", "`x`", '"&#97;lert(1)"'),
  )
  .chain(([name, eq, value]) =>
    fc
      .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
      .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join("") + eq + value),
  );

const javascriptUrl = fc
  .tuple(
    fc.constantFrom("", " ", "\t", "\n", "&#32;", "\u0001"),
    obfuscated("javascript:"),
    fc.constantFrom("alert(1)", "alert(document.cookie)", "//%0aalert(1)"),
  )
  .map(([lead, scheme, body]) => lead + scheme + body);

const dangerousFragment = fc.oneof(
  fc.constantFrom(
    "<script>alert(1)</script>",
    "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
    "<scr<script>ipt>alert(1)</scr</script>ipt>",
    "<script/xss>alert(1)</script>",
    "<svg onload=alert(1)>",
    "<svg><script>alert(1)</script></svg>",
    "<svg><a xlink:href='javascript:alert(1)'><text>x</text></a></svg>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
    "<style>@import 'https://evil.example/x.css';</style>",
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<div style="position:fixed;inset:0">overlay</div>',
    "<iframe src=javascript:alert(1)></iframe>",
    "<iframe src=https://evil.example/></iframe>",
    "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
    "<object data=javascript:alert(1)></object>",
    "<embed src=javascript:alert(1)>",
    "<form action=javascript:alert(1)><input onfocus=alert(1) autofocus></form>",
    "<meta http-equiv=refresh content='0;url=javascript:alert(1)'>",
    "<base href=javascript:alert(1)//>",
    "<!--<script>alert(1)</script>-->",
    "<![CDATA[<script>alert(1)</script>]]>",
    "<a href='vbscript:msgbox(1)'>x</a>",
    "<a href='data:text/html,<script>alert(1)</script>'>x</a>",
    "<img src=x onerror=alert(1)//>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    "<textarea><script>alert(1)</script></textarea>",
    "<",
    ">",
    '"',
    "'",
    "=",
    "/",
    "&",
  ),
  fc
    .constantFrom("a", "img", "iframe", "p", "div", "svg", "video", "body", "details")
    .chain((tag) =>
      fc
        .tuple(eventHandler, fc.constantFrom(" ", "/", "\n", " x "), fc.boolean())
        .map(([handler, sep, close]) => `<${tag}${sep}${handler}${close ? ">" : ""}`),
    ),
  fc
    .tuple(fc.constantFrom("a href", "img src", "iframe src", "blockquote cite", "a HREF"), javascriptUrl)
    .chain(([tagAttr, url]) =>
      fc
        .constantFrom(`"${url}"`, `'${url}'`, url)
        .map((quoted) => `<${tagAttr.replace(" ", " ")}=${quoted}>x`),
    ),
  fc.string({ maxLength: 20 }),
  fc.constantFrom("<p>", "</p>", "<a href='https://example.com'>", "</a>", "<b>", "text"),
);

const dangerousHtml = fc.array(dangerousFragment, { maxLength: 12 }).map((parts) => parts.join(""));

describe("sanitizeContent", () => {
  it("never yields a script, an on* attribute or a javascript: URL, whatever the input", () => {
    fc.assert(
      fc.property(dangerousHtml, (input) => {
        assertSafe(sanitizeContent(input));
      }),
      { numRuns: propertyRuns },
    );
  });

  it("is stable: sanitizing sanitized content changes nothing (export and import keep pages)", () => {
    fc.assert(
      fc.property(dangerousHtml, (input) => {
        const once = sanitizeContent(input);
        expect(sanitizeContent(once)).toBe(once);
      }),
      { numRuns: propertyRuns },
    );
  });

  it("the safety check itself catches a script, a handler and an entity-encoded javascript: URL", () => {
    expect(() => assertSafe("<script>alert(1)</script>")).toThrow();
    expect(() => assertSafe('<img src="x" OnError="alert(1)" />')).toThrow();
    expect(() => assertSafe('<a href="&#106;ava&#x09;script&colon;alert(1)">x</a>')).toThrow();
  });

  it("keeps structural HTML", () => {
    const html =
      "<h2>Title</h2><p>Some <strong>bold</strong>, <em>em</em> and <code>code</code>.</p>" +
      "<ul><li>one</li></ul><blockquote>quote</blockquote>" +
      "<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>b</td></tr></tbody></table>";
    expect(sanitizeContent(html)).toBe(html);
  });

  it("removes scripts with their content", () => {
    expect(sanitizeContent("<p>Hi</p><script>alert('x')</script>")).toBe("<p>Hi</p>");
  });

  it("removes event handlers and style attributes", () => {
    expect(sanitizeContent('<p onclick="alert(1)" style="position:fixed">x</p>')).toBe("<p>x</p>");
  });

  it('gives links rel="noopener noreferrer" and keeps only target _blank', () => {
    expect(sanitizeContent('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeContent('<a href="https://example.com" target="_top">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer">x</a>',
    );
  });

  it("keeps http, https and mailto links and drops javascript: and data: hrefs", () => {
    expect(sanitizeContent('<a href="mailto:hi@example.com">m</a>')).toContain(
      'href="mailto:hi@example.com"',
    );
    expect(sanitizeContent('<a href="http://example.com">h</a>')).toContain('href="http://example.com"');
    expect(sanitizeContent('<a href="javascript:alert(1)">j</a>')).toBe('<a rel="noopener noreferrer">j</a>');
    expect(sanitizeContent('<a href="data:text/html,x">d</a>')).toBe('<a rel="noopener noreferrer">d</a>');
  });

  it("keeps images from http(s) and the site's own /images/, and drops others", () => {
    expect(sanitizeContent('<img src="/images/abc.png" alt="a">')).toBe(
      '<img src="/images/abc.png" alt="a" />',
    );
    expect(sanitizeContent('<img src="https://cdn.example/x.jpg">')).toBe(
      '<img src="https://cdn.example/x.jpg" />',
    );
    expect(sanitizeContent('<p><img src="/etc/passwd"><img src="data:image/png;base64,AAAA"></p>')).toBe(
      "<p></p>",
    );
    expect(sanitizeContent('<img src="//evil.example/x.png">')).toBe("");
  });

  it("keeps https iframes from the allowlisted video hosts only", () => {
    const youtube = '<iframe src="https://www.youtube-nocookie.com/embed/abc" title="v"></iframe>';
    const vimeo = '<iframe src="https://player.vimeo.com/video/1"></iframe>';
    expect(sanitizeContent(youtube)).toBe(youtube);
    expect(sanitizeContent(vimeo)).toBe(vimeo);
    expect(sanitizeContent('<iframe src="http://www.youtube.com/embed/abc"></iframe>')).toBe("");
    expect(sanitizeContent('<iframe src="https://evil.example/embed"></iframe>')).toBe("");
    expect(sanitizeContent('<iframe src="https://www.youtube.com.evil.example/"></iframe>')).toBe("");
  });

  it("removes svg, style elements and forms but keeps harmless text", () => {
    expect(sanitizeContent("<svg><circle r='1'/></svg><style>p{}</style><form><input></form>ok")).toBe("ok");
  });
});
