import { describe, expect, it } from "vitest";
import { maskBounds } from "../masks.ts";
import { renderRegionsOverlay } from "../overlay.ts";
import { readFixture } from "../test/fixtures.ts";
import { analyzeFaces } from "./analyze.ts";

function centre(b: [number, number, number, number]): [number, number] {
  return [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
}

describe("analyzeFaces", () => {
  it("finds the face with a 478-point mesh and places each region where it belongs", async () => {
    const analysis = await analyzeFaces(readFixture("grace-hopper.jpg"));
    expect(analysis.faces).toHaveLength(1);
    expect(analysis.faces[0]!.mesh).toHaveLength(478);
    const r = analysis.regions;
    const box = (name: keyof typeof r) => maskBounds(r[name], 0.5)!;
    const [, lipY] = centre(box("upper_lip"));
    const [, noseY] = centre(box("nose"));
    const [, eyeY] = centre(box("eyes"));
    const [rightBrowX, browY] = centre(box("right_eyebrow"));
    const [leftBrowX] = centre(box("left_eyebrow"));
    // Top to bottom: brows, eyes, nose, lips; the subject's left brow is on the image's right.
    expect(browY).toBeLessThan(eyeY);
    expect(eyeY).toBeLessThan(noseY);
    expect(noseY).toBeLessThan(lipY);
    expect(leftBrowX).toBeGreaterThan(rightBrowX);
    // Hair (here a cap and hair) sits above the brows; the outfit below the face.
    expect(centre(box("hair"))[1]).toBeLessThan(browY);
    expect(box("outfit")[1]).toBeGreaterThan(lipY);
  });

  it("reports no faces on a photo without one", async () => {
    const analysis = await analyzeFaces(readFixture("coffee.jpg"));
    expect(analysis.faces).toEqual([]);
    expect(maskBounds(analysis.regions.skin)).toBeNull();
  });

  it("renders the regions overlay as a PNG", async () => {
    const { png } = await renderRegionsOverlay(readFixture("astronaut.jpg"));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
  });
});
