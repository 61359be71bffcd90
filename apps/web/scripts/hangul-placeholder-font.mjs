// The Hangul placeholder font (issue 29 item 4): a 700-byte TrueType font whose every Hangul
// syllable and compatibility jamo is one blank glyph as wide as Pretendard's Hangul (0.864 em),
// with Pretendard's ascent and descent. styles.css declares it after the fallback faces, so on a
// device with no Korean font at all (a Linux desktop without Noto CJK) Korean text waits for
// Pretendard in blank boxes of its final width instead of narrow "tofu" boxes that re-wrap every
// line when the font arrives (CLS 0.095 on / at 412 px). Devices with a Korean font never use it.
//
// `node apps/web/scripts/hangul-placeholder-font.mjs` prints the @font-face src; styles.css holds
// its output and hangul-placeholder-font.test.ts checks the two agree.

/** Pretendard's advance for Hangul syllables and compatibility jamo, in 1/1000 em (every weight). */
export const PRETENDARD_HANGUL_ADVANCE = 864;
/** Pretendard's vertical metrics, 1/1000 em (as the fallback faces' overrides). */
const ASCENT = 952;
const DESCENT = 241;
/** Hangul compatibility jamo and Hangul syllables. */
export const HANGUL_RANGES = [
  [0x3130, 0x318f],
  [0xac00, 0xd7a3],
];

const u16 = (v) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v & 0xffff);
  return b;
};
const i16 = (v) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
const u32 = (v) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(v >>> 0);
  return b;
};
const cat = (...parts) => Buffer.concat(parts);
const utf16 = (s) => Buffer.from(s.split("").flatMap((c) => [0, c.charCodeAt(0)]));

function checksum(table) {
  const padded = cat(table, Buffer.alloc((4 - (table.length % 4)) % 4));
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + padded.readUInt32BE(i)) >>> 0;
  return sum;
}

/** The font's bytes: glyph 0 (.notdef, empty) and glyph 1 (blank, `advance` wide). */
export function hangulPlaceholderFont(advance = PRETENDARD_HANGUL_ADVANCE, ranges = HANGUL_RANGES) {
  const upm = 1000;
  const numGlyphs = 2;
  // cmap: 3-1 format 4 holding only its required final segment, and 3-10 format 13 (many code
  // points to one glyph: the whole Hangul block in 12 bytes per range).
  const format4 = cat(u16(4), u16(24), u16(0), u16(2), u16(2), u16(0), u16(0));
  const format4Body = cat(u16(0xffff), u16(0), u16(0xffff), u16(1), u16(0));
  const f4 = cat(format4, format4Body);
  const groups = ranges.map(([first, last]) => cat(u32(first), u32(last), u32(1)));
  const f13 = cat(u16(13), u16(0), u32(16 + 12 * ranges.length), u32(0), u32(ranges.length), ...groups);
  const cmap = cat(u16(0), u16(2), u16(3), u16(1), u32(20), u16(3), u16(10), u32(20 + f4.length), f4, f13);
  // glyf: glyph 1 is one contour of a single point at the origin, which draws nothing (OTS, the
  // browsers' font sanitiser, refuses an empty glyf table).
  const glyf = cat(i16(1), i16(0), i16(0), i16(0), i16(0), u16(0), u16(0), Buffer.from([0x31, 0]));
  const loca = cat(u16(0), u16(0), u16(glyf.length / 2)); // short offsets, in words
  const head = cat(
    u32(0x00010000),
    u32(0x00010000),
    u32(0), // checkSumAdjustment, set below
    u32(0x5f0f3cf5),
    u16(0x000b),
    u16(upm),
    u32(0),
    u32(0),
    u32(0),
    u32(0),
    i16(0),
    i16(-DESCENT),
    i16(advance),
    i16(ASCENT),
    u16(0),
    u16(8),
    i16(2),
    i16(0), // short loca
    i16(0),
  );
  const hhea = cat(
    u32(0x00010000),
    i16(ASCENT),
    i16(-DESCENT),
    i16(0),
    u16(advance),
    i16(0),
    i16(0),
    i16(advance),
    i16(1),
    i16(0),
    i16(0),
    i16(0),
    i16(0),
    i16(0),
    i16(0),
    i16(0),
    u16(numGlyphs),
  );
  const hmtx = cat(u16(advance / 2), i16(0), u16(advance), i16(0));
  const maxp = cat(
    u32(0x00010000),
    u16(numGlyphs),
    u16(1),
    u16(1),
    ...Array.from({ length: 2 }, () => u16(0)),
    u16(2),
    ...Array.from({ length: 8 }, () => u16(0)),
  );
  const post = cat(u32(0x00030000), u32(0), i16(0), i16(0), u32(0), u32(0), u32(0), u32(0), u32(0));
  const family = utf16("Gyeol Hangul Placeholder");
  const postscript = utf16("GyeolHangulPlaceholder");
  const style = utf16("Regular");
  const record = (id, text, offset) =>
    cat(u16(3), u16(1), u16(0x409), u16(id), u16(text.length), u16(offset));
  const name = cat(
    u16(0),
    u16(4),
    u16(6 + 12 * 4),
    record(1, family, 0),
    record(2, style, family.length + postscript.length),
    record(4, family, 0),
    record(6, postscript, family.length),
    family,
    postscript,
    style,
  );
  const os2 = cat(
    u16(4),
    i16(advance),
    u16(400),
    u16(5),
    u16(0),
    ...[650, 600, 0, 75, 650, 600, 0, 350, 50, 250].map(i16),
    i16(0),
    Buffer.alloc(10), // PANOSE
    u32(0),
    u32(1 << 28), // ulUnicodeRange2 bit 56: Hangul syllables
    u32(0),
    u32(0),
    Buffer.from("GYEL"),
    u16(0x40),
    u16(ranges[0][0]),
    u16(ranges[ranges.length - 1][1]),
    i16(ASCENT),
    i16(-DESCENT),
    i16(0),
    u16(ASCENT),
    u16(DESCENT),
    u32(0),
    u32(0),
    i16(0),
    i16(0),
    u16(0),
    u16(0x20),
    u16(0),
    u16(0),
  );
  const tables = { "OS/2": os2, cmap, glyf, head, hhea, hmtx, loca, maxp, name, post };
  const tags = Object.keys(tables).sort();
  const count = tags.length;
  let log2 = 0;
  while (1 << (log2 + 1) <= count) log2++;
  const header = cat(u32(0x00010000), u16(count), u16(16 << log2), u16(log2), u16(count * 16 - (16 << log2)));
  let offset = 12 + 16 * count;
  const directory = [];
  const bodies = [];
  let headOffset = 0;
  for (const tag of tags) {
    const table = tables[tag];
    if (tag === "head") headOffset = offset;
    directory.push(cat(Buffer.from(tag.padEnd(4)), u32(checksum(table)), u32(offset), u32(table.length)));
    const padded = cat(table, Buffer.alloc((4 - (table.length % 4)) % 4));
    bodies.push(padded);
    offset += padded.length;
  }
  const font = cat(header, ...directory, ...bodies);
  font.writeUInt32BE((0xb1b0afba - checksum(font)) >>> 0, headOffset + 8);
  return font;
}

/** The font as a data: URL (the page's head preloads it, styles.css's face loads it). */
export function hangulPlaceholderDataUrl() {
  return `data:font/ttf;base64,${hangulPlaceholderFont().toString("base64")}`;
}

/** The @font-face `src` value styles.css holds. */
export function hangulPlaceholderSrc() {
  return `url("${hangulPlaceholderDataUrl()}") format("truetype")`;
}

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${hangulPlaceholderSrc()}\n`);
