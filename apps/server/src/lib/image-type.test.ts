import { describe, expect, it } from "vitest";
import { detectImageType } from "./image-type.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (value: string) => Uint8Array.from(Buffer.from(value, "latin1"));

describe("detectImageType", () => {
  it("recognises JPEG, PNG, GIF and WebP from their first bytes", () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0))?.mime).toBe("image/jpeg");
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))?.extension).toBe("png");
    expect(detectImageType(text("GIF89a...."))?.mime).toBe("image/gif");
    expect(detectImageType(text("GIF87a...."))?.mime).toBe("image/gif");
    expect(detectImageType(text("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))?.mime).toBe("image/webp");
  });

  it("refuses SVG, HTML, other RIFF files, truncated headers and empty input", () => {
    expect(detectImageType(text(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`))).toBeNull();
    expect(detectImageType(text("<!doctype html><script>"))).toBeNull();
    expect(detectImageType(text("RIFF\u0000\u0000\u0000\u0000WAVEfmt "))).toBeNull();
    expect(detectImageType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(detectImageType(bytes())).toBeNull();
  });
});
