/**
 * Notice bodies are HTML written by an administrator and shown to everyone, so they are
 * sanitised on the server when saved (ARCHITECTURE "notice HTML is sanitised on the server").
 * What the editor produces stays: paragraphs, headings, lists, emphasis, links, tables, images.
 * What goes: scripts, event handlers, javascript: and every data: URL except raster images,
 * iframes, forms, SVG/MathML, class/id (page CSS such as `hidden` could hide text), and any
 * style other than a few harmless text properties (so display:none, opacity, font-size:0 go).
 */
import sanitizeHtml from "sanitize-html";

const ALLOWED_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "blockquote",
  "pre",
  "code",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "strike",
  "del",
  "ins",
  "mark",
  "small",
  "sub",
  "sup",
  "span",
  "div",
  "ul",
  "ol",
  "li",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "colgroup",
  "col",
];

/** Tags dropped together with everything inside them. */
const NON_TEXT_TAGS = [
  "script",
  "style",
  "textarea",
  "option",
  "select",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "template",
  "title",
  "xmp",
  "noembed",
  "noframes",
  "svg",
  "math",
];

const COLOR = [
  /^#[0-9a-f]{3}$/i,
  /^#[0-9a-f]{6}$/i,
  /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/i,
  // Named colours, except the one that makes text invisible.
  /^(?!transparent$)[a-z]{3,20}$/i,
];

/** Readable sizes only: 10 to 72 px, 0.6 to 4 em/rem. font-size:0 hides text. */
const FONT_SIZE = [/^(?:[1-6]\d|7[0-2])px$/, /^(?:0\.[6-9]\d*|[1-3](?:\.\d+)?|4)r?em$/];

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  "background-color": COLOR,
  "text-align": [/^(?:left|right|center|justify)$/],
  "font-weight": [/^(?:normal|bold|[4-9]00)$/],
  "font-style": [/^(?:normal|italic)$/],
  "text-decoration": [/^(?:none|underline|line-through)$/],
  "font-size": FONT_SIZE,
};

/** data: URLs survive only as base64 raster images in img src; never SVG (a script document). */
const DATA_IMAGE_URL = /^data:image\/(?:png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]+$/i;
const DIMENSION = /^[1-9]\d{0,3}%?$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  disallowedTagsMode: "discard",
  nonTextTags: NON_TEXT_TAGS,
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan", "scope"],
    ol: ["start"],
    "*": ["style"],
  },
  allowedStyles: { "*": ALLOWED_STYLES },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  enforceHtmlBoundary: false,
  transformTags: {
    a: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs };
      if (next.target !== undefined && next.target !== "_blank") delete next.target;
      // Links leave the site without handing it a window reference or a referrer.
      next.rel = "noopener noreferrer nofollow";
      return { tagName, attribs: next };
    },
    img: (tagName, attribs) => {
      const next: sanitizeHtml.Attributes = { ...attribs, loading: "lazy" };
      const src = (next.src ?? "").trim();
      if (src.toLowerCase().startsWith("data:") && !DATA_IMAGE_URL.test(src)) delete next.src;
      for (const size of ["width", "height"] as const) {
        if (next[size] !== undefined && !DIMENSION.test(next[size])) delete next[size];
      }
      return { tagName, attribs: next };
    },
  },
  // An image whose address was removed shows nothing but a broken icon: drop the tag.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

const BLOCK_TAG = /<(?:p|div|h[1-6]|ul|ol|table|blockquote|pre|br|hr|figure)\b/i;

function escapeText(text: string): string {
  return text.replace(/&(?![a-z]+;|#\d+;|#x[0-9a-f]+;)/gi, "&amp;");
}

/**
 * A body typed as plain text in the editor's textarea (no block tags) becomes paragraphs: blank
 * lines separate paragraphs, single newlines become <br>. HTML bodies are left as they are.
 */
export function textToParagraphs(content: string): string {
  const normalized = content.replace(/\r\n?/g, "\n").trim();
  if (BLOCK_TAG.test(normalized)) return normalized;
  return normalized
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeText(paragraph).split("\n").join("<br>")}</p>`)
    .join("\n");
}

export function sanitizeNoticeHtml(content: string): string {
  return sanitizeHtml(textToParagraphs(content), OPTIONS).trim();
}

/** True when the sanitised body shows something: text or an image. */
export function hasVisibleContent(html: string): boolean {
  if (/<img\b/i.test(html)) return true;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|\s/g, "").length > 0;
}

/** Every img src in sanitised HTML (to find the inline images a notice owns). */
export function listImageSources(html: string): string[] {
  const sources: string[] = [];
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi)) {
    if (match[1]) sources.push(match[1].replace(/&amp;/g, "&"));
  }
  return sources;
}
