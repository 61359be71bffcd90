import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeImage } from "./image.ts";
import {
  explicitScore,
  NSFW_EXPLICIT_THRESHOLD,
  NSFW_SECOND_LOOK_FROM,
  NSFW_SECOND_LOOK_REFUSE,
  NSFW_SECOND_OPINION_THRESHOLD,
  needsSecondLook,
} from "./moderation-rule.ts";
import { classifyNsfw, firstLook, SECOND_OPINION_SIDE, scoreNsfw, secondOpinionView } from "./nsfw.ts";
import { readFixture, readGreyFixture } from "./test/fixtures.ts";

/**
 * Issue 24: "a 3000×600 crop of an astronaut's orange spacesuit" was refused. This is that kind
 * of crop of the engine's astronaut fixture (the labelled set's astronaut-suit-strip): a 5:1 band
 * across the suit below her chin, enlarged as a phone's crop tool would.
 */
async function spacesuitStrip(): Promise<Buffer> {
  return sharp(readFixture("astronaut.jpg"))
    .extract({ left: 0, top: 200, width: 512, height: 102 })
    .resize(3000, 600, { fit: "fill" })
    .png()
    .toBuffer();
}

/** Mean absolute difference per channel between two same-size views. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

describe("the second opinion (issue 24: refusals on evidence)", () => {
  it("passes the 3000×600 spacesuit crop the first classifier alone refuses", async () => {
    const strip = await spacesuitStrip();
    // Squashed into a square, the first classifier calls it porn: this is what the issue saw.
    expect(explicitScore(await scoreNsfw(strip))).toBeGreaterThanOrEqual(NSFW_EXPLICIT_THRESHOLD);
    const result = await classifyNsfw(strip);
    expect(result.second).toBeDefined();
    expect(explicitScore(result.second!)).toBeLessThan(NSFW_SECOND_OPINION_THRESHOLD);
    expect(result.verdict).toBe("allow");
  });

  it("takes a second look at a middling first score, and passes an ordinary crop the second clears", async () => {
    // A taller band across the suit: the first classifier is unsure rather than sure.
    const band = await sharp(readFixture("astronaut.jpg"))
      .extract({ left: 0, top: 220, width: 512, height: 128 })
      .resize(3000, 600, { fit: "fill" })
      .png()
      .toBuffer();
    const first = await scoreNsfw(band);
    expect(needsSecondLook(first)).toBe(true);
    const result = await classifyNsfw(band);
    expect(result.second).toBeDefined();
    expect(explicitScore(result.second!)).toBeLessThan(NSFW_SECOND_LOOK_REFUSE);
    expect(result.closeUp).toBeUndefined();
    expect(result.verdict).toBe("allow");
  });

  it("asks nothing more of an upload the first classifier passes", async () => {
    const result = await classifyNsfw(readFixture("grace-meng.jpg"));
    expect(result.verdict).toBe("allow");
    expect(result.monochrome).toBe(false);
    expect(result.second).toBeUndefined();
    expect(result.closeUp).toBeUndefined();
  });

  it("asks the second classifier about a black-and-white picture whatever the first says, and passes a portrait it clears", async () => {
    const grey = await readGreyFixture("grace-meng.jpg");
    const first = await firstLook(grey);
    expect(first.monochrome).toBe(true);
    // The first classifier is sure this is no nudity: in colour nothing more would be asked.
    expect(explicitScore(first.scores)).toBeLessThan(NSFW_SECOND_LOOK_FROM);
    expect(needsSecondLook(first.scores)).toBe(false);
    expect(needsSecondLook(first.scores, true)).toBe(true);
    const result = await classifyNsfw(grey);
    expect(result.monochrome).toBe(true);
    expect(result.second).toBeDefined();
    expect(explicitScore(result.second!)).toBeLessThan(NSFW_SECOND_LOOK_REFUSE);
    expect(result.verdict).toBe("allow");
  });

  it("looks at a long picture letterboxed, never squashed", async () => {
    const view = await secondOpinionView(await spacesuitStrip());
    expect([view.width, view.height]).toEqual([SECOND_OPINION_SIDE, SECOND_OPINION_SIDE]);
    // 5:1 in a square: the top and bottom two-fifths are the mid-grey letterbox.
    const row = (y: number) => view.data.subarray(y * view.width * 3, (y + 1) * view.width * 3);
    expect(row(10).every((v) => Math.abs(v - 128) <= 1)).toBe(true);
    expect(row(SECOND_OPINION_SIDE - 10).every((v) => Math.abs(v - 128) <= 1)).toBe(true);
    expect(row(SECOND_OPINION_SIDE >> 1).some((v) => Math.abs(v - 128) > 20)).toBe(true);
  });

  it("judges a picture padded out to a banner on what it shows, not shrunk to a sliver", async () => {
    const portrait = readFixture("astronaut.jpg");
    const { width = 0, height = 0 } = await sharp(portrait).metadata();
    const side = Math.round((4 * height - width) / 2);
    const banner = await sharp(portrait)
      .extend({ left: side, right: side, background: "#000000" })
      .png()
      .toBuffer();
    expect((await decodeImage(banner)).width).toBe(4 * height);
    const [plain, padded] = await Promise.all([secondOpinionView(portrait), secondOpinionView(banner)]);
    // The same picture filling the view (the banner's copy went through a 1024-wide decode first,
    // so its detail is softer); letterboxed untrimmed it would be a 75-pixel band in grey.
    expect(meanDifference(plain.data, padded.data)).toBeLessThan(10);
    const topRow = padded.data.subarray(0, padded.width * 3);
    expect(topRow.filter((v) => Math.abs(v - 128) > 2).length).toBeGreaterThan(topRow.length / 2);
  });
});
