/**
 * styles.css's Hangul placeholder face (issue 29 item 4) is what scripts/hangul-placeholder-font.mjs
 * makes, and that font maps Hangul, and Hangul only, to one glyph of Pretendard's width. That a
 * browser accepts it and lays Korean out at that width is checked on the real pages without any
 * Korean font (e2e/delivery.e2e.ts, "no-cjk fonts").
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  hangulPlaceholderFont,
  hangulPlaceholderSrc,
  PRETENDARD_HANGUL_ADVANCE,
} from "../scripts/hangul-placeholder-font.mjs";

/** Table tag -> its bytes. */
function tables(bytes: Buffer) {
  const count = bytes.readUInt16BE(4);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const offset = bytes.readUInt32BE(at + 8);
    out.set(
      bytes.subarray(at, at + 4).toString("latin1"),
      bytes.subarray(offset, offset + bytes.readUInt32BE(at + 12)),
    );
  }
  return out;
}

/** The glyph cmap's format 13 subtable gives a code point (0 when none). */
function glyphOf(cmap: Buffer, codePoint: number) {
  for (let i = 0; i < cmap.readUInt16BE(2); i++) {
    const offset = cmap.readUInt32BE(4 + 8 * i + 4);
    if (cmap.readUInt16BE(offset) !== 13) continue;
    const groups = cmap.readUInt32BE(offset + 12);
    for (let g = 0; g < groups; g++) {
      const at = offset + 16 + 12 * g;
      if (codePoint >= cmap.readUInt32BE(at) && codePoint <= cmap.readUInt32BE(at + 4))
        return cmap.readUInt32BE(at + 8);
    }
  }
  return 0;
}

describe("the Hangul placeholder font", () => {
  it("is the one styles.css declares", () => {
    const css = readFileSync(resolve(__dirname, "styles.css"), "utf8");
    const face = (css.match(/@font-face\s*{[^}]*"Gyeol Hangul Placeholder"[^}]*}/)?.[0] ?? "").replace(
      /\s+/g,
      " ",
    );
    expect(face).toContain(`src: ${hangulPlaceholderSrc()};`);
    expect(face).toContain("unicode-range: U+3130-318F, U+AC00-D7A3;");
  });

  it("maps every Hangul syllable and jamo, and nothing else, to a blank glyph of Pretendard's width", () => {
    const bytes = hangulPlaceholderFont();
    expect(bytes.length).toBeLessThan(1024);
    const t = tables(bytes);
    const cmap = t.get("cmap")!;
    for (const char of ["가", "힣", "결", "ㄱ", "ㅎ"]) expect(glyphOf(cmap, char.codePointAt(0)!)).toBe(1);
    for (const char of ["a", " ", "1", "漢", "あ"]) expect(glyphOf(cmap, char.codePointAt(0)!)).toBe(0);
    const hmtx = t.get("hmtx")!;
    expect(hmtx.readUInt16BE(4)).toBe(PRETENDARD_HANGUL_ADVANCE); // glyph 1's advance
    expect(t.get("head")!.readUInt16BE(18)).toBe(1000); // units per em
  });
});
