/**
 * Blemishes laid onto a real photo's skin, for the blemish-removal tests and the dev checks: red,
 * slightly darker bumps (acne) and small brown marks, each a soft disc of a given radius, placed
 * at points of the face mesh that are bare cheek, forehead and chin skin. Deterministic.
 */
import type { TFace } from "../face/analyze.ts";
import type { RgbImage } from "../image.ts";

/** Mesh points on bare skin, away from eyes, brows, nose and lips: cheeks, forehead, chin, jaw. */
export const BLEMISH_POINTS = [50, 280, 205, 425, 151, 108, 337, 199, 187, 411, 117, 346, 36, 266, 69, 299];

export interface TBlemish {
  x: number;
  y: number;
  radius: number;
  kind: "acne" | "mark";
}

/**
 * Lays blemishes at the first `count` BLEMISH_POINTS of `face` (or at the points `at`, image
 * coordinates); returns a new image and where they are.
 */
export function addBlemishes(
  image: RgbImage,
  face: Pick<TFace, "mesh" | "box">,
  count = 8,
  at?: ReadonlyArray<readonly [number, number]>,
): { image: RgbImage; blemishes: TBlemish[] } {
  const data = new Uint8Array(image.data);
  const fw = face.box[2];
  const blemishes: TBlemish[] = [];
  const places = at ?? BLEMISH_POINTS.slice(0, count).map((index) => face.mesh[index]!);
  places.forEach(([x, y], k) => {
    const kind = k % 3 === 2 ? "mark" : "acne";
    const radius = Math.max(1.5, fw * (kind === "acne" ? 0.012 + 0.004 * (k % 2) : 0.009));
    blemishes.push({ x, y, radius, kind });
    const R = Math.ceil(radius * 2);
    for (let py = Math.max(0, Math.round(y) - R); py <= Math.min(image.height - 1, Math.round(y) + R); py++)
      for (
        let px = Math.max(0, Math.round(x) - R);
        px <= Math.min(image.width - 1, Math.round(x) + R);
        px++
      ) {
        const d2 = ((px - x) ** 2 + (py - y) ** 2) / (radius * radius);
        const t = Math.exp(-1.5 * d2);
        if (t < 0.02) continue;
        const o = (py * image.width + px) * 3;
        if (kind === "acne") {
          // Inflamed: redder (green and blue pulled down), a little darker.
          data[o] = Math.max(0, Math.min(255, Math.round(data[o]! - 4 * t)));
          data[o + 1] = Math.max(0, Math.round(data[o + 1]! * (1 - 0.2 * t)));
          data[o + 2] = Math.max(0, Math.round(data[o + 2]! * (1 - 0.17 * t)));
        } else {
          // A brown mark: darker, a touch warmer.
          data[o] = Math.max(0, Math.round(data[o]! * (1 - 0.14 * t)));
          data[o + 1] = Math.max(0, Math.round(data[o + 1]! * (1 - 0.18 * t)));
          data[o + 2] = Math.max(0, Math.round(data[o + 2]! * (1 - 0.22 * t)));
        }
      }
  });
  return { image: { data, width: image.width, height: image.height }, blemishes };
}
