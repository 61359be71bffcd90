import fs from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { RgbImage } from "../image.ts";

/** Reads a committed fixture (see fixtures/CREDITS.md). */
export function readFixture(name: string): Buffer {
  return fs.readFileSync(fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url)));
}

/** A black-and-white copy of a fixture as a phone's mono filter saves it: sRGB, three equal channels. */
export function readGreyFixture(name: string, format: "png" | "jpeg" = "png"): Promise<Buffer> {
  return sharp(readFixture(name)).grayscale().toColourspace("srgb").toFormat(format).toBuffer();
}

function toLinear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** CIE L*a*b* (D65) of one sRGB pixel. */
export function toLab(r: number, g: number, b: number): [number, number, number] {
  const R = toLinear(r);
  const G = toLinear(g);
  const B = toLinear(b);
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);
  const x = f((0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047);
  const y = f(0.2126 * R + 0.7152 * G + 0.0722 * B);
  const z = f((0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

/** Mean CIE76 ΔE between two same-size images over the pixels where mask > 0.5. */
export function meanDeltaE(a: RgbImage, b: RgbImage, mask: Float32Array): { mean: number; pixels: number } {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]! <= 0.5) continue;
    const la = toLab(a.data[i * 3]!, a.data[i * 3 + 1]!, a.data[i * 3 + 2]!);
    const lb = toLab(b.data[i * 3]!, b.data[i * 3 + 1]!, b.data[i * 3 + 2]!);
    sum += Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
    n++;
  }
  return { mean: n ? sum / n : 0, pixels: n };
}
