import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { decodeImage } from "./image.ts";
import {
  inGreyBand,
  isClothedCloseUp,
  isClothedPerson,
  type NsfwScores,
  nsfwVerdict,
} from "./moderation-rule.ts";
import { classifyNsfw, MONOCHROME_CHROMA, meanChroma, measureCloseUp } from "./nsfw.ts";
import { readFixture, readGreyFixture } from "./test/fixtures.ts";

/** Issue 12's beauty close-up: Porn 0.794, inside the grey band. */
const GREY: NsfwScores = { Drawing: 0.001, Hentai: 0.01, Neutral: 0.15, Porn: 0.794, Sexy: 0.045 };

/** The photo at a quarter of its width, at the top of a grey frame four times its size. */
async function smallInLargeFrame(bytes: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  const side = Math.round((width * 3) / 8);
  return sharp(bytes)
    .resize(Math.round(width / 4))
    .extend({ bottom: Math.round((height * 3) / 4), left: side, right: side, background: "#808080" })
    .png()
    .toBuffer();
}

describe("measureCloseUp (the grey band's second check)", () => {
  it("measures a head-and-shoulders portrait as a clothed close-up", async () => {
    const features = await measureCloseUp(readFixture("grace-meng.jpg"));
    expect(features.faces).toBe(1);
    expect(features.faceArea).toBeGreaterThan(0.15);
    expect(features.faceArea).toBeLessThan(0.3);
    expect(features.bodySkin).toBeLessThan(0.1);
    // Measured, but in a close-up the little body left in the frame is mostly neck and
    // shoulders: the share of the person says little there, the close-up check decides.
    expect(features.personSkin).not.toBeNull();
    expect(isClothedCloseUp(features)).toBe(true);
    expect(nsfwVerdict(GREY, { closeUp: features })).toBe("allow");
  });

  it("measures the same face small in a large frame as no close-up", async () => {
    const bytes = readFixture("grace-meng.jpg");
    const [near, far] = await Promise.all([
      measureCloseUp(bytes),
      measureCloseUp(await smallInLargeFrame(bytes)),
    ]);
    expect(far.faces).toBe(1);
    // A quarter of the width on a frame as large: about 1/16 of the share.
    expect(far.faceArea / near.faceArea).toBeGreaterThan(0.04);
    expect(far.faceArea / near.faceArea).toBeLessThan(0.09);
    expect(isClothedCloseUp(far)).toBe(false);
    expect(nsfwVerdict(GREY, { closeUp: far })).toBe("block");
  });

  it("reports no face and no body skin for a photo without a person", async () => {
    expect(await measureCloseUp(readFixture("coffee.jpg"))).toEqual({
      faces: 0,
      faceArea: 0,
      bodySkin: null,
      personSkin: null,
    });
  });

  it("measures no skin on a black-and-white copy: without colour, skin cannot clear a picture", async () => {
    const grey = await readGreyFixture("grace-meng.jpg");
    expect(meanChroma(await decodeImage(grey))).toBeLessThan(MONOCHROME_CHROMA);
    expect(meanChroma(await decodeImage(readFixture("grace-meng.jpg")))).toBeGreaterThan(MONOCHROME_CHROMA);
    const features = await measureCloseUp(grey);
    expect(features.faces).toBe(1);
    expect(features.faceArea).toBeGreaterThan(0.15);
    expect(features).toMatchObject({ bodySkin: null, personSkin: null });
    expect(isClothedCloseUp(features)).toBe(false);
    expect(isClothedPerson(features)).toBe(false);
    expect(nsfwVerdict(GREY, { closeUp: features })).toBe("block");
  });

  it("is not run for an upload whose scores are outside the grey band", async () => {
    const result = await classifyNsfw(readFixture("grace-meng.jpg"));
    expect(inGreyBand(result.scores)).toBe(false);
    expect(result.verdict).toBe("allow");
    expect(result.closeUp).toBeUndefined();
  });
});
