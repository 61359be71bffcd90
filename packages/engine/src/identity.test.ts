import { describe, expect, it } from "vitest";
import { analyzeImage } from "./face/analyze.ts";
import { cosineSimilarity, faceCrop, faceDescriptors } from "./identity.ts";
import { decodeImage } from "./image.ts";
import { readFixture } from "./test/fixtures.ts";

describe("identity descriptors (faceres, public-domain portraits)", () => {
  it("tells two people apart and knows one person again", async () => {
    const astronaut = await decodeImage(readFixture("astronaut.jpg"));
    const hopper = await decodeImage(readFixture("grace-hopper.jpg"));
    const [a, h] = await Promise.all([analyzeImage(astronaut), analyzeImage(hopper)]);
    const [aFace, hFace] = [a.faces[0]!, h.faces[0]!];
    const [self] = await faceDescriptors([astronaut], aFace);
    const [other] = await faceDescriptors([hopper], hFace);
    expect(self).toHaveLength(1024);
    // The same photo, mirrored: the same person seen from the other side.
    const mirrored = { ...astronaut, data: new Uint8Array(astronaut.data.length) };
    for (let y = 0; y < astronaut.height; y++)
      for (let x = 0; x < astronaut.width; x++)
        for (let c = 0; c < 3; c++)
          mirrored.data[(y * astronaut.width + x) * 3 + c] =
            astronaut.data[(y * astronaut.width + (astronaut.width - 1 - x)) * 3 + c]!;
    const flippedFace = {
      mesh: aFace.mesh.map(([x, y, z]) => [astronaut.width - 1 - x, y, z] as [number, number, number]),
    };
    const [again] = await faceDescriptors([mirrored], flippedFace);
    expect(cosineSimilarity(self!, again!)).toBeGreaterThan(0.9);
    expect(cosineSimilarity(self!, other!)).toBeLessThan(0.7);
  });

  it("crops a square around the mesh, larger than the mesh itself", () => {
    const [x0, y0, side] = faceCrop({
      mesh: [
        [100, 100, 0],
        [200, 100, 0],
        [150, 260, 0],
      ],
    });
    expect(side).toBeGreaterThan(160);
    expect(x0 + side / 2).toBeCloseTo(150);
    expect(y0 + side / 2).toBeCloseTo(180);
  });
});
