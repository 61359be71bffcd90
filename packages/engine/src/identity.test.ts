import { describe, expect, it } from "vitest";
import { analyzeImage } from "./face/analyze.ts";
import {
  blendTowards,
  cosineSimilarity,
  faceCrop,
  faceDescriptors,
  IDENTITY_FLOOR,
  keepGroupIdentity,
  keepIdentity,
  scoreIdentity,
} from "./identity.ts";
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

  it("backs a retouch off until the face is its owner's again, and keeps one that already is", async () => {
    const image = await decodeImage(readFixture("grace-hopper.jpg"));
    const face = (await analyzeImage(image)).faces[0]!;
    // A retouch gone too far: the face crop's detail flattened towards its mean grey.
    const [x0, y0, side] = faceCrop(face);
    const flat = { ...image, data: new Uint8Array(image.data) };
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(image.height, y0 + side); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(image.width, x0 + side); x++)
        for (let c = 0; c < 3; c++) {
          const i = (y * image.width + x) * 3 + c;
          flat.data[i] = Math.round(image.data[i]! * 0.12 + 128 * 0.88);
        }
    const before = await scoreIdentity(face, image, flat);
    expect(before.cosine).toBeLessThan(IDENTITY_FLOOR);
    const kept = await keepIdentity(face, image, flat, before);
    expect(kept.share).toBeGreaterThan(0);
    expect(kept.share).toBeLessThan(1);
    blendTowards(image, flat, kept.share);
    const after = await scoreIdentity(face, image, flat);
    expect(after.cosine).toBeGreaterThanOrEqual(IDENTITY_FLOOR);
    expect(after.cosine).toBeCloseTo(kept.score.cosine, 2);

    // A mild change stays whole.
    const mild = { ...image, data: image.data.map((v) => Math.min(255, v + 2)) };
    const mildScore = await scoreIdentity(face, image, mild);
    expect((await keepIdentity(face, image, mild, mildScore)).share).toBe(1);
  });

  it("guards every face of a group photo, not only the main one", async () => {
    // Two people side by side (a portrait and its mirror image); the retouch flattens only the
    // face that is not the main one.
    const one = await decodeImage(readFixture("grace-hopper.jpg"));
    const width = one.width * 2;
    const pair = { width, height: one.height, data: new Uint8Array(width * one.height * 3) };
    for (let y = 0; y < one.height; y++)
      for (let x = 0; x < one.width; x++)
        for (let c = 0; c < 3; c++) {
          const v = one.data[(y * one.width + x) * 3 + c]!;
          pair.data[(y * width + x) * 3 + c] = v;
          pair.data[(y * width + (width - 1 - x)) * 3 + c] = v;
        }
    const faces = (await analyzeImage(pair)).faces;
    expect(faces.length).toBeGreaterThanOrEqual(2);
    const [main, other] = [faces[0]!, faces[1]!];
    const [x0, y0, side] = faceCrop(other);
    const flat = { ...pair, data: new Uint8Array(pair.data) };
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(pair.height, y0 + side); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, x0 + side); x++) {
        // Only the other face's half of the photo: the main face stays as it was.
        if (Math.abs(x - (x0 + side / 2)) > Math.abs(x - faceCrop(main)[0] - faceCrop(main)[2] / 2)) continue;
        for (let c = 0; c < 3; c++) {
          const i = (y * width + x) * 3 + c;
          flat.data[i] = Math.round(pair.data[i]! * 0.12 + 128 * 0.88);
        }
      }
    const mainScore = await scoreIdentity(main, pair, flat);
    // The main face alone would keep the whole retouch.
    expect((await keepIdentity(main, pair, flat, mainScore)).share).toBe(1);
    expect((await scoreIdentity(other, pair, flat)).cosine).toBeLessThan(IDENTITY_FLOOR);

    const kept = await keepGroupIdentity(faces, pair, flat, mainScore);
    expect(kept.guarded).toBeGreaterThanOrEqual(2);
    expect(kept.backedOff).toBe(1);
    expect(kept.share).toBeGreaterThan(0);
    expect(kept.share).toBeLessThan(1);
    blendTowards(pair, flat, kept.share);
    expect((await scoreIdentity(other, pair, flat)).cosine).toBeGreaterThanOrEqual(IDENTITY_FLOOR);
    expect(kept.score!.cosine).toBeGreaterThanOrEqual(IDENTITY_FLOOR);
  }, 60_000);
});
