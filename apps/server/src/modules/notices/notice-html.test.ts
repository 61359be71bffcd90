import { describe, expect, it } from "vitest";
import { XSS_CORPUS } from "../../../test/fixtures/xss-corpus.ts";
import { hasVisibleContent, listImageSources, sanitizeNoticeHtml, textToParagraphs } from "./notice-html.ts";

describe("sanitizeNoticeHtml", () => {
  it.each(XSS_CORPUS.map((payload, i) => [i, payload]))("cleans corpus case %i", (_, payload) => {
    const html = sanitizeNoticeHtml(payload as string);
    expect(html).not.toMatch(
      /<\s*(script|iframe|svg|math|form|style|object|embed|template|base|meta|link)\b/i,
    );
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/(java|vb|live)script\s*:/i);
    expect(hasVisibleContent(html)).toBe(true);
  });

  it("keeps raster data images but drops SVG data images", () => {
    expect(sanitizeNoticeHtml(`<p><img src="data:image/png;base64,iVBORw0KGgo=" alt="a"></p>`)).toContain(
      `src="data:image/png;base64,iVBORw0KGgo="`,
    );
    expect(sanitizeNoticeHtml(`<p>x<img src="data:image/svg+xml;base64,PHN2Zz4="></p>`)).toBe("<p>x</p>");
  });

  it("keeps harmless text styles and drops the ones that hide content", () => {
    expect(sanitizeNoticeHtml(`<p style="color:red;display:none;font-size:0px;opacity:0">a</p>`)).toBe(
      `<p style="color:red">a</p>`,
    );
    expect(sanitizeNoticeHtml(`<p style="color:transparent">a</p>`)).toBe("<p>a</p>");
    expect(sanitizeNoticeHtml(`<p style="font-size:18px;text-align:center">a</p>`)).toBe(
      `<p style="font-size:18px;text-align:center">a</p>`,
    );
  });

  it("closes broken markup instead of letting it swallow the page", () => {
    expect(sanitizeNoticeHtml(`<div><p>open <b>bold`)).toBe("<div><p>open <b>bold</b></p></div>");
  });
});

describe("textToParagraphs", () => {
  it("wraps plain text and leaves HTML alone", () => {
    expect(textToParagraphs("a\nb\n\nc")).toBe("<p>a<br>b</p>\n<p>c</p>");
    expect(textToParagraphs("<p>a</p>\n<p>b</p>")).toBe("<p>a</p>\n<p>b</p>");
  });
});

describe("listImageSources", () => {
  it("finds every img src", () => {
    expect(
      listImageSources(`<p><img src="/files/a.png" /><img alt="x" src="https://x/b.png?a=1&amp;b=2" /></p>`),
    ).toEqual(["/files/a.png", "https://x/b.png?a=1&b=2"]);
  });
});
