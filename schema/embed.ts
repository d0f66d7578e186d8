// The embeddable player's options (/embed, docs/product.md §10): read by the embed from its own
// query string and written by the snippet builder at /pb/embed. No zod: the embed's script has a
// budget of its own (npm run size), and every value here falls back to its default.
export const embedPath = "/embed";

export const embedThemes = ["auto", "light", "dark"] as const;
export const embedLayouts = ["card", "compact"] as const;
/** The parts that may be hidden; the play button and the live title always show. */
export const embedParts = ["cover", "volume", "quality", "link"] as const;
export const embedQualities = ["hd", "sd", "mobile"] as const;

export type EmbedOptions = {
  theme: (typeof embedThemes)[number];
  layout: (typeof embedLayouts)[number];
  /** A colour as six hex digits (no #), or null for the station's own. */
  accent: string | null;
  parts: (typeof embedParts)[number][];
  quality: (typeof embedQualities)[number];
};

export const defaultEmbedOptions: EmbedOptions = {
  theme: "auto",
  layout: "card",
  accent: null,
  parts: [...embedParts],
  quality: "hd",
};

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T =>
  allowed.includes(value as T) ? (value as T) : fallback;

/** The options a query string asks for; anything unknown or malformed is the default. */
export function readEmbedOptions(search: string): EmbedOptions {
  const query = new URLSearchParams(search);
  const accent = query.get("accent")?.toLowerCase() ?? "";
  const show = query.get("show");
  return {
    theme: pick(embedThemes, query.get("theme"), defaultEmbedOptions.theme),
    layout: pick(embedLayouts, query.get("layout"), defaultEmbedOptions.layout),
    accent: /^[0-9a-f]{6}$/.test(accent) ? accent : null,
    parts:
      show === null
        ? [...embedParts]
        : embedParts.filter((part) => show.split(",").some((given) => given.trim() === part)),
    quality: pick(embedQualities, query.get("quality"), defaultEmbedOptions.quality),
  };
}

/** The query string for `options`, naming only what differs from the defaults. */
export function embedQuery(options: EmbedOptions): string {
  const query = new URLSearchParams();
  if (options.theme !== defaultEmbedOptions.theme) query.set("theme", options.theme);
  if (options.layout !== defaultEmbedOptions.layout) query.set("layout", options.layout);
  if (options.accent) query.set("accent", options.accent);
  if (options.parts.length !== embedParts.length) query.set("show", options.parts.join(","));
  if (options.quality !== defaultEmbedOptions.quality) query.set("quality", options.quality);
  const text = query.toString();
  return text ? `?${text}` : "";
}
