import { AUTO_RESIZE_JPEG_QUALITY } from "@gyeol/shared/retouch";
import { describe, expect, it, vi } from "vitest";
import { ImageLimitError, prepareRetouchUpload, ResizeError, type TDecodedImage } from "./resize-image.ts";

function fakeDecode(width: number, height: number) {
  const encodeJpeg = vi.fn(async (w: number, h: number) => new Blob([`${w}x${h}`], { type: "image/jpeg" }));
  const close = vi.fn();
  const decode = vi.fn(async (): Promise<TDecodedImage> => ({ width, height, encodeJpeg, close }));
  return { decode, encodeJpeg, close };
}

const file = (name = "portrait.png") => new File(["x"], name, { type: "image/png" });

describe("auto-resize before upload", () => {
  it("uploads the file as it is when width + height is under 5000", async () => {
    const { decode, encodeJpeg, close } = fakeDecode(2400, 2599);
    const original = file();
    const prepared = await prepareRetouchUpload(original, decode);
    expect(prepared.blob).toBe(original);
    expect(prepared).toMatchObject({ width: 2400, height: 2599, filename: "portrait.png" });
    expect(prepared.resize.isResized).toBe(false);
    expect(encodeJpeg).not.toHaveBeenCalled();
    expect(close).toHaveBeenCalled();
  });

  it("applies the tier for the size and re-encodes as JPEG at 0.9", async () => {
    // 6000 + 4000 = 10 000 → 0.1 → 600 × 400, then the short side is raised to 1000.
    const { decode, encodeJpeg } = fakeDecode(6000, 4000);
    const prepared = await prepareRetouchUpload(file(), decode);
    expect(encodeJpeg).toHaveBeenCalledWith(1500, 1000, AUTO_RESIZE_JPEG_QUALITY);
    expect(prepared).toMatchObject({ width: 1500, height: 1000, filename: "portrait.jpg" });
    expect(prepared.original).toEqual({ width: 6000, height: 4000 });
    expect(prepared.resize.isMinSideApplied).toBe(true);
  });

  it("uses each tier's factor", async () => {
    // 5000..5999 → 0.2: 3000 × 2600 (5600) → 600 × 520 → short side 1000 → 1154 × 1000
    const tier = fakeDecode(3000, 2600);
    const prepared = await prepareRetouchUpload(file("a.jpg"), tier.decode);
    expect(tier.encodeJpeg).toHaveBeenCalledWith(1154, 1000, 0.9);
    expect(prepared.resize.isResized).toBe(true);
  });

  it("turns an unreadable image into a resize error", async () => {
    const decode = vi.fn(async () => {
      throw new Error("bad data");
    });
    await expect(prepareRetouchUpload(file(), decode)).rejects.toBeInstanceOf(ResizeError);
  });

  it("refuses before uploading, with the server's code, what the engine cannot process", async () => {
    for (const [width, height, code] of [
      [20_000, 2, "IMAGE_ASPECT_RATIO_UNSUPPORTED"],
      [900, 100, "IMAGE_ASPECT_RATIO_UNSUPPORTED"],
      [60, 60, "IMAGE_TOO_SMALL"],
    ] as const) {
      const { decode, encodeJpeg } = fakeDecode(width, height);
      const refused = prepareRetouchUpload(file(), decode);
      await expect(refused, `${width}x${height}`).rejects.toBeInstanceOf(ImageLimitError);
      await expect(refused).rejects.toMatchObject({ code });
      expect(encodeJpeg).not.toHaveBeenCalled();
    }
    // A 49 MP photo is resized to what the engine takes, as the spec's tiers say.
    const large = fakeDecode(7000, 7000);
    expect(await prepareRetouchUpload(file(), large.decode)).toMatchObject({ width: 1000, height: 1000 });
  });
});
