import { describe, expect, it } from "vitest";
import { escapeHtml, jsonForScript } from "./html.ts";

describe("escapeHtml", () => {
  it("writes the five characters as React does, in text and in attributes", () => {
    // React's escapeTextForBrowser: & < > " ' become &amp; &lt; &gt; &quot; &#x27;.
    expect(escapeHtml(`Tom & Jerry's <b>"best"</b>`)).toBe(
      "Tom &amp; Jerry&#x27;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;",
    );
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("결 · 공지")).toBe("결 · 공지");
  });
});

describe("jsonForScript", () => {
  it("writes nothing that can close the script element, and parses back to the same value", () => {
    const value = { title: "</script><script>alert(1)</script><!--", line: "\u2028\u2029" };
    const text = jsonForScript(value);
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual(value);
  });
});
