import { IMAGE_POLICIES, type TImagePolicy } from "@gyeol/shared/uploads";
import { describe, expect, it, vi } from "vitest";
import { prepareImage, type TDecodedImage } from "./prepare-image.ts";

/** A decoder whose JPEG weighs `bytesAt(quality)` bytes. */
function fakeDecode(width: number, height: number, bytesAt: (quality: number) => number = () => 10) {
  const encodeJpeg = vi.fn(
    async (_w: number, _h: number, quality: number) => new Blob([new Uint8Array(bytesAt(quality))]),
  );
  const close = vi.fn();
  const decode = vi.fn(async (): Promise<TDecodedImage> => ({ width, height, encodeJpeg, close }));
  return { decode, encodeJpeg, close };
}

const fileOf = (bytes: number, name = "photo.png") =>
  new File([new Uint8Array(bytes)], name, { type: "image/png" });

describe("prepareImage by a tool's policy", () => {
  it("face edit: downscales to width + height ≈ 3000 and re-encodes once", async () => {
    const { decode, encodeJpeg } = fakeDecode(4000, 2000);
    const prepared = await prepareImage(fileOf(100), IMAGE_POLICIES.faceEdit, { decode });
    expect(encodeJpeg).toHaveBeenCalledExactlyOnceWith(2000, 1000, 0.9);
    expect(prepared).toMatchObject({ width: 2000, height: 1000, filename: "photo.jpg" });
  });

  it("image edit: steps the quality down until the file is at most 9 MB", async () => {
    const nineMb = 9_437_184;
    const { decode, encodeJpeg } = fakeDecode(3000, 3000, (q) => (q > 0.75 ? nineMb + 1 : nineMb - 1));
    const prepared = await prepareImage(fileOf(nineMb + 5), IMAGE_POLICIES.imageEdit, { decode });
    expect(encodeJpeg.mock.calls.map((call) => call[2])).toEqual([0.92, 0.82, 0.72]);
    expect(prepared.blob.size).toBe(nineMb - 1);
    expect(prepared).toMatchObject({ width: 3000, height: 3000 });
  });

  it("image edit: re-encodes every tile upright as JPEG, refuses too few pixels and too many bytes", async () => {
    const light = fileOf(1000);
    const { decode, encodeJpeg } = fakeDecode(1280, 720);
    const prepared = await prepareImage(light, IMAGE_POLICIES.imageEdit, { decode });
    expect(encodeJpeg).toHaveBeenCalledExactlyOnceWith(1280, 720, 0.92);
    expect(prepared.filename).toBe("photo.jpg");
    await expect(
      prepareImage(light, IMAGE_POLICIES.imageEdit, { decode: fakeDecode(1279, 720).decode }),
    ).rejects.toMatchObject({
      code: "IMAGE_TOO_FEW_PIXELS",
      file: { bytes: 1000, width: 1279, height: 720 },
    });
    const policy: TImagePolicy = { ...IMAGE_POLICIES.imageEdit, maxBytes: 999 };
    await expect(prepareImage(light, policy, { decode })).rejects.toMatchObject({ code: "FILE_TOO_LARGE" });
  });

  it("image edit: refuses a tile still over 9 MB at 0.52, after at most 5 tries (spec 02 §5)", async () => {
    const { decode, encodeJpeg } = fakeDecode(3000, 3000, () => 9_437_185);
    await expect(prepareImage(fileOf(20), IMAGE_POLICIES.imageEdit, { decode })).rejects.toMatchObject({
      code: "ENCODED_TOO_LARGE",
    });
    expect(encodeJpeg.mock.calls.map((call) => call[2])).toEqual([0.92, 0.82, 0.72, 0.62, 0.52]);
  });

  it("keeps a light retouch file as it is", async () => {
    const light = fileOf(1000);
    const { decode, encodeJpeg } = fakeDecode(1280, 720);
    expect((await prepareImage(light, IMAGE_POLICIES.retouch, { decode })).blob).toBe(light);
    expect(encodeJpeg).not.toHaveBeenCalled();
  });

  it("lets the tool refuse on the planned size, and always closes the decoded image", async () => {
    const { decode, close } = fakeDecode(100, 100);
    const check = vi.fn(() => {
      throw new Error("no");
    });
    await expect(prepareImage(fileOf(1), IMAGE_POLICIES.retouch, { decode, check })).rejects.toThrow("no");
    expect(check).toHaveBeenCalledWith(
      { width: 100, height: 100 },
      { width: 100, height: 100, isResized: false, isMinSideApplied: false },
    );
    expect(close).toHaveBeenCalled();
  });
});
