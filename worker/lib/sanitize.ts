// The HTML allowlist for content pages: what the admin writes is rendered to every listener,
// so it is cleaned on the server before it is stored (on save and on import).
import sanitizeHtml from "sanitize-html";

/** Hosts of embedded videos that sanitized content pages may frame. */
export const allowedVideoFrameOrigins = [
  "https://www.youtube-nocookie.com",
  "https://www.youtube.com",
  "https://player.vimeo.com",
] as const;

const videoFrameHostnames = allowedVideoFrameOrigins.map((origin) => new URL(origin).hostname);

/** An image may come from any http(s) URL or from the site's own uploads. */
function isAllowedImageSrc(src: string | undefined): boolean {
  if (!src) return false;
  return /^https?:\/\/[^\s/]/i.test(src) || /^\/images\/[A-Za-z0-9._-]+$/.test(src);
}

function isAllowedFrameSrc(src: string | undefined): boolean {
  if (!src) return false;
  try {
    const url = new URL(src);
    return url.protocol === "https:" && videoFrameHostnames.includes(url.hostname);
  } catch {
    return false;
  }
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "a",
    "img",
    "figure",
    "figcaption",
    "br",
    "hr",
    "code",
    "pre",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
    "span",
    "div",
    "iframe",
  ],
  // No style, class or id anywhere: content must not restyle or overlay the site's own UI.
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", { name: "loading", values: ["lazy", "eager"] }],
    iframe: ["src", "title", "width", "height", "allowfullscreen"],
    blockquote: ["cite"],
    ol: ["start", "reversed"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"], iframe: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  allowedIframeHostnames: videoFrameHostnames,
  allowIframeRelativeUrls: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "template", "xmp"],
  transformTags: {
    a: (tagName, attribs) => {
      const { target, ...rest } = attribs;
      return {
        tagName,
        attribs:
          target === "_blank"
            ? { ...attribs, rel: "noopener noreferrer" }
            : { ...rest, rel: "noopener noreferrer" },
      };
    },
  },
  // Drop images and frames whose source did not survive (relative, other schemes, other hosts).
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !isAllowedImageSrc(frame.attribs.src)) ||
    (frame.tag === "iframe" && !isAllowedFrameSrc(frame.attribs.src)),
};

/**
 * Cleans content HTML. Repeated until nothing changes (misnested markup can need a second
 * pass), so that cleaning stored content again, as an import does, leaves it as it is.
 */
export function sanitizeContent(html: string): string {
  let clean = sanitizeHtml(html, options).trim();
  for (let pass = 0; pass < 4; pass++) {
    const again = sanitizeHtml(clean, options).trim();
    if (again === clean) break;
    clean = again;
  }
  return clean;
}
