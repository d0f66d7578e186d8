// Hostile request bodies for tests/worker/hostile-input.property.test.ts: JSON of each route's
// shape with hostile fields, JSON of the wrong shape, deep nesting, ~100 KB, invalid UTF-8,
// multipart and form garbage, and hostile strings for the other parts of a request.
import fc from "fast-check";
import { adminUserId } from "#schema/api.ts";

export type Route = { method: string; path: string };

/** Ids and values of real rows, so some requests get past "not found" into the handlers. */
export type Known = {
  pageIds: string[];
  slugs: string[];
  userIds: string[];
  sessionIds: string[];
  imageKeys: string[];
  loginTokens: string[];
};

export const boundary = "hostile-boundary";
const encoder = new TextEncoder();
const pollution = '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},"sessionId":"admin"}';

/** `arb` now and then, otherwise undefined. */
export const sometimes = <T>(arb: fc.Arbitrary<T>, weight = 1, noneWeight = 3) =>
  fc.oneof(
    { weight: noneWeight, arbitrary: fc.constant(undefined) },
    { weight, arbitrary: arb as fc.Arbitrary<T | undefined> },
  );

export const hostileString = fc.oneof(
  fc.constantFrom(
    ...["", " ", "\u0000", "a\u0000b", "\ud800", "x\udfff", "\uffff", "\u202eevil", "😀", "e\u0301"],
    ...["null", "NaN", "-1", "1e309", "__proto__", "constructor", "<script>alert(1)</script>"],
    ...["'; drop table pages; --", "%00", "%ff", "../../etc/passwd", "\r\n\r\n", " \t\n "],
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.integer({ min: 290, max: 6000 }).map((n) => "é".repeat(n)),
);

export const anonymousId = fc.stringMatching(/^session-\d{13}-[A-Za-z0-9]{32}$/);
export const uuid = fc.uuid().map((u) => (u.startsWith("a") ? u.toUpperCase() : u));

const wrongJson = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1e308, 30.5, [], {}, [null]),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A field of a body: mostly a plausible value, sometimes a hostile string or the wrong type. */
const field = (...valid: fc.Arbitrary<unknown>[]) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.oneof(...valid) },
    { weight: 1, arbitrary: hostileString },
    { weight: 1, arbitrary: wrongJson },
  );

/** Text that passes validation yet is hostile to storage and markup: NUL, lone surrogates, bidi. */
const text = fc.oneof(
  fc.constantFrom(...["Velvet Harbour", "  padded  ", "a\u0000b", "x\ud800", "\udfffy", "\u202eevil", "😀"]),
  fc.constantFrom(
    ...["e\u0301", "<script>alert(1)</script>", "'; drop table favorites; --", "%00%ff", "ＡＢＣ"],
  ),
  fc.string({ unit: "binary", minLength: 1, maxLength: 40 }).map((s) => `t${s}`),
);
const url = fc.constantFrom("https://example.com/a.png", "", null, "javascript:alert(1)", "ftp://x/y");
const date = fc.constantFrom("2026-01-01T00:00:00Z", "2026-02-30T12:00:00Z", "0000-01-01T00:00:00Z");
const html = fc.oneof(
  fc.constantFrom("<p>Hello</p>", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=x"),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => `<p>${"<b>".repeat(n / 10)}${"a".repeat(n)}`),
);

/** The JSON bodies the API takes, field by field. */
function jsonShapes(known: Known) {
  const owner = fc.oneof(anonymousId, fc.constantFrom(...known.sessionIds, ...known.userIds, adminUserId));
  const images = known.imageKeys.map((k) => `/images/${k}`);
  const imageRef = fc.oneof(url, fc.constantFrom(...images, "/images/../x"));
  const slug = fc.oneof(
    fc.constantFrom(...known.slugs, "about", "ÄÖÜ", "-", "a--b"),
    fc.string({ maxLength: 130 }),
  );
  const page = fc.record(
    {
      title: field(text),
      slug: field(slug),
      content: field(html),
      image: field(imageRef),
      heroImageLight: field(imageRef),
      metaDescription: field(text),
      published: field(fc.constantFrom(true, false, "true", "false", "", "yes")),
      id: field(fc.constantFrom(...known.pageIds), uuid),
      createdAt: field(date),
    },
    { requiredKeys: ["title", "slug", "content"] },
  );
  const track = { trackTitle: field(text), trackArtist: field(text) };
  return {
    favorite: fc.record(
      { sessionId: field(owner), ...track, trackAlbum: field(text), trackArtwork: field(url) },
      { requiredKeys: ["sessionId", "trackTitle", "trackArtist"] },
    ),
    trackRef: fc.record(track),
    migrate: fc.record({ sessionId: field(owner) }),
    requestLogin: fc.record({
      email: field(fc.emailAddress(), fc.constantFrom("admin@admin.invalid", "A@B.CO")),
    }),
    login: fc.record({ username: field(fc.constant("admin")), password: field(fc.constant("lounge-admin")) }),
    sleepTimer: fc.record({ minutes: field(fc.constantFrom(15, 30, 45, 60, 90, 0, -15, 1e21)) }),
    contact: fc.record({ name: field(text), email: field(fc.emailAddress()), message: field(text) }),
    page,
    import: fc.record({
      version: field(fc.constant(1)),
      exportedAt: field(date),
      pages: field(fc.array(page, { maxLength: 4 })),
    }),
  };
}

type ShapeName = keyof ReturnType<typeof jsonShapes>;

/** The body shape a route takes, by its path. */
const shapes: [RegExp, ShapeName][] = [
  [/\/favorites\/:id$/, "trackRef"],
  [/\/favorites$/, "favorite"],
  [/migrate-favorites/, "migrate"],
  [/request-login/, "requestLogin"],
  [/auth\/login/, "login"],
  [/sleep-timer/, "sleepTimer"],
  [/contact/, "contact"],
  [/pages\/import/, "import"],
  [/pages/, "page"],
];

function bytes(...parts: (string | readonly number[] | Uint8Array)[]): Uint8Array {
  const chunks = parts.map((p) => (typeof p === "string" ? encoder.encode(p) : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

const multipartPart = fc.record({
  name: fc.oneof(fc.constant("image"), hostileString),
  filename: sometimes(fc.oneof(fc.constantFrom("a.png", "../../x.png", 'a".png'), hostileString), 3, 1),
  type: sometimes(fc.constantFrom("image/png", "image/svg+xml", "text/html", "")),
  content: fc.oneof(
    fc.uint8Array({ maxLength: 200 }),
    // A PNG signature and garbage after it: the upload sniffs only the first bytes.
    fc.uint8Array({ maxLength: 64 }).map((b) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], b)),
  ),
});

const multipartGarbage = fc
  .record({
    parts: fc.array(multipartPart, { maxLength: 3 }),
    nl: fc.constantFrom("\r\n", "\n", ""),
    end: fc.constantFrom(`--${boundary}--\r\n`, "", `--${boundary}`, "--other--\r\n"),
  })
  .map(({ parts, nl, end }) =>
    bytes(
      ...parts.flatMap((p) => [
        `--${boundary}${nl}Content-Disposition: form-data; name="${p.name}"`,
        p.filename === undefined ? "" : `; filename="${p.filename}"`,
        p.type === undefined ? "" : `${nl}Content-Type: ${p.type}`,
        `${nl}${nl}`,
        p.content,
        nl,
      ]),
      end,
    ),
  );

const deepJson = fc
  .record({ depth: fc.integer({ min: 50, max: 10_000 }), kind: fc.constantFrom("array", "object", "open") })
  .map(({ depth, kind }) => {
    if (kind === "array") return "[".repeat(depth) + "]".repeat(depth);
    if (kind === "object") return `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    return '{"pages":['.repeat(depth);
  });

/** Up to 100 KB: over the 64 KB API limit, under the page and upload limits. */
const hugeBody = fc
  .record({
    size: fc.integer({ min: 1000, max: 100_000 }),
    key: fc.constantFrom("trackTitle", "content", "x"),
  })
  .chain(({ size, key }) => fc.constantFrom("x".repeat(size), JSON.stringify({ [key]: "a".repeat(size) })));

const badUtf8: readonly (readonly number[])[] = [
  [0xff],
  [0xc0, 0x80],
  [0xed, 0xa0, 0x80],
  [0x80],
  [0xe2, 0x82],
];
const invalidUtf8 = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.constantFrom(...badUtf8).map((bad) => bytes('{"trackTitle":"', bad, '","sessionId":"', bad, '"}')),
);

export function bodyFor(route: Route, known: Known): fc.Arbitrary<string | Uint8Array | undefined> {
  const byName = jsonShapes(known);
  const own = shapes.find(([pattern]) => pattern.test(route.path))?.[1];
  const anyShape = fc.oneof(...Object.values(byName)).map((v) => JSON.stringify(v));
  const token = fc.oneof(fc.constantFrom(...known.loginTokens, "%", "%zz"), hostileString);
  const form = fc
    .array(fc.tuple(fc.constantFrom("token", "token", "", "%zz", "a[]"), token), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join("&"));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(undefined, "") },
    { weight: own ? 6 : 0, arbitrary: own ? byName[own].map((v) => JSON.stringify(v)) : anyShape },
    { weight: 2, arbitrary: anyShape },
    { weight: 1, arbitrary: fc.json({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.oneof(hostileString, fc.constant(pollution)) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: hugeBody },
    { weight: 1, arbitrary: invalidUtf8 },
    { weight: route.path === "/api/upload" ? 8 : 1, arbitrary: multipartGarbage },
    { weight: route.path === "/api/auth/verify" ? 8 : 1, arbitrary: form },
  );
}
