/**
 * The CSS a prerendered page needs for its first paint (issue 17, Delivery): the built stylesheet
 * less the style rules that match no element of that page, inlined in its head by prerender.mjs,
 * so the page paints from its HTML alone (the CSP's style-src allows inline styles). The whole
 * stylesheet follows after that paint (prerendered-boot.js), before the app runs.
 *
 * A rule is kept when it matches the page as sent, or with <html data-theme="dark"> (the server
 * adds that for a visitor who chose the dark theme). State and pseudo-element parts (:hover,
 * :focus-visible, ::before...) are ignored when matching: their element is what counts. A selector
 * that jsdom cannot evaluate is kept. At-rules other than style containers (@property, @keyframes,
 * @layer order, @font-face) are kept, except Pretendard's slices: a prerendered page paints in the
 * fallback face, and the font comes with the whole stylesheet.
 */
import { JSDOM } from "jsdom";
import postcss from "postcss";

/** Parts of a selector that depend on state or name a pseudo-element: dropped before matching. */
const STATEFUL =
  /(?<!\\)::?(?:hover|focus-visible|focus-within|focus|active|visited|target|placeholder-shown|autofill|user-invalid|user-valid|invalid|valid|open|popover-open|modal|fullscreen|backdrop|before|after|marker|selection|placeholder|file-selector-button|first-letter|first-line|-webkit-[\w-]+|-moz-[\w-]+)(?![\w-])/g;
const CONTAINERS = new Set(["media", "supports", "layer", "container", "scope"]);

function documentsOf(html) {
  const light = new JSDOM(html).window.document;
  const dark = new JSDOM(html).window.document;
  dark.documentElement.setAttribute("data-theme", "dark");
  return [light, dark];
}

/** The class names a selector requires (none are read from inside :not(), which requires absence). */
function requiredClasses(selector) {
  if (selector.includes(":not(")) return [];
  return [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1].replace(/\\(.)/g, "$1"));
}

function matcherFor(documents) {
  const classes = new Set(
    [...documents[0].querySelectorAll("[class]")].flatMap((element) => [...element.classList]),
  );
  const known = new Map();
  return (selector) => {
    const bare = selector.replace(STATEFUL, "").trim() || "*";
    let isMatch = known.get(bare);
    if (isMatch === undefined) {
      // Most of Tailwind's rules name a class the page does not use: no need to ask the DOM.
      if (requiredClasses(bare).some((name) => !classes.has(name))) isMatch = false;
      else
        try {
          isMatch = documents.some((document) => document.querySelector(bare) !== null);
        } catch {
          isMatch = true;
        }
      known.set(bare, isMatch);
    }
    return isMatch;
  };
}

function isInKeyframes(rule) {
  for (let parent = rule.parent; parent; parent = parent.parent)
    if (parent.type === "atrule" && /keyframes$/i.test(parent.name)) return true;
  return false;
}

function removeEmptyContainers(root) {
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (CONTAINERS.has(atRule.name) && atRule.nodes && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/** The part of `css` that the page `html` uses. */
export function criticalCss(css, html) {
  const matches = matcherFor(documentsOf(html));
  const root = postcss.parse(css);
  root.walkAtRules("font-face", (face) => {
    if (/Pretendard Variable/.test(face.toString())) face.remove();
  });
  root.walkRules((rule) => {
    if (isInKeyframes(rule)) return;
    const kept = rule.selectors.filter(matches);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
  removeEmptyContainers(root);
  return root.toString();
}
