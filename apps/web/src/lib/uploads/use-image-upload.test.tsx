import { IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import toast from "react-hot-toast";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import { i18n } from "../i18n/i18n.ts";
import type { TDecodedImage } from "./prepare-image.ts";
import { presignedUpload } from "./presigned-upload.ts";
import { ImageRefusedError } from "./upload-errors.ts";
import { uploadToolImage } from "./upload-image.ts";
import { type TImageUploadOptions, useImageUpload } from "./use-image-upload.ts";

vi.mock("./upload-image.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./upload-image.ts")>()),
  uploadToolImage: vi.fn(),
}));
vi.mock("./presigned-upload.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./presigned-upload.ts")>()),
  presignedUpload: vi.fn(),
}));
vi.mock("react-hot-toast", () => ({ default: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

/** A decoder of a `width`×`height` picture whose JPEG weighs `bytes`. */
function decoder(width: number, height: number, bytes = 100) {
  const encodeJpeg = vi.fn(
    async (_w: number, _h: number, _q: number) => new Blob([new Uint8Array(bytes)], { type: "image/jpeg" }),
  );
  const decode = vi.fn(async (): Promise<TDecodedImage> => ({ width, height, encodeJpeg, close: () => {} }));
  return { decode, encodeJpeg };
}

const jpeg = (name = "photo.jpg", bytes = 1000, type = "image/jpeg") =>
  new File([new Uint8Array(bytes)], name, { type });

function renderUpload(options: TImageUploadOptions, path = "/en/tool") {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
  );
  return renderHook(() => useImageUpload(options), { wrapper });
}

beforeEach(() => {
  vi.mocked(uploadToolImage).mockReset();
  vi.mocked(presignedUpload).mockReset();
  vi.mocked(toast.error).mockReset();
});
afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("useImageUpload", () => {
  it("resizes by the tool's tiers, uploads multipart with progress, and ends idle", async () => {
    let finish: (value: { success: true; imageUrl: string }) => void = () => {};
    vi.mocked(uploadToolImage).mockImplementation((_blob, _name, onProgress) => {
      onProgress?.(0.5);
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const { decode, encodeJpeg } = decoder(6000, 4000);
    const { result } = renderUpload({ policy: IMAGE_POLICIES.retouch, decode });
    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = result.current.upload(jpeg("big.png", 1000, "image/png"));
    });
    await waitFor(() => expect(result.current.phase).toBe("uploading"));
    expect(result.current.progress).toBe(0.5);
    expect(encodeJpeg).toHaveBeenCalledWith(expect.any(Number), expect.any(Number), 0.9);
    const [blob, filename] = vi.mocked(uploadToolImage).mock.calls[0]!;
    expect(filename).toBe("big.jpg");
    expect(blob.size).toBe(100);
    await act(async () => {
      finish({ success: true, imageUrl: "/files/big.jpg" });
      await pending;
    });
    await expect(pending).resolves.toMatchObject({ url: "/files/big.jpg", filename: "big.jpg" });
    expect(result.current.phase).toBe("idle");
  });

  it("refuses a type the policy does not take before anything is decoded or sent", async () => {
    const onError = vi.fn();
    const { decode } = decoder(1000, 1000);
    const { result } = renderUpload({ policy: IMAGE_POLICIES.faceEdit, decode, onError });
    let uploaded: unknown;
    await act(async () => {
      uploaded = await result.current.upload(jpeg("cat.webp", 10, "image/webp"));
    });
    expect(uploaded).toBeNull();
    expect(decode).not.toHaveBeenCalled();
    expect(uploadToolImage).not.toHaveBeenCalled();
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ message: "Only JPG, PNG files can be uploaded; this file is WEBP." }),
    );
    expect(result.current.failure?.message).toContain("JPG, PNG");
    expect(result.current.phase).toBe("idle");
  });

  it("says the server's code, titled as an upload, when no onError is given (a GIF named .jpg)", async () => {
    vi.mocked(uploadToolImage).mockRejectedValue(new ApiError(400, "UNSUPPORTED_IMAGE_TYPE", "server words"));
    const { result } = renderUpload({ policy: IMAGE_POLICIES.faceEdit, decode: decoder(800, 600).decode });
    await act(async () => {
      await result.current.upload(jpeg());
    });
    const said = String(vi.mocked(toast.error).mock.calls[0]?.[0]);
    expect(said).toMatch(/^Upload failed — /);
    expect(said).toContain("a GIF renamed .jpg is still a GIF");
    expect(said).not.toContain("try again");
    expect(result.current.failure?.kind).toBe("other");
  });

  it("image edit: refuses too few pixels and too many bytes with the limit and the file's figure", async () => {
    const onError = vi.fn();
    const small = renderUpload({
      policy: IMAGE_POLICIES.imageEdit,
      transport: "presigned",
      decode: decoder(1279, 720).decode,
      onError,
    });
    await act(async () => {
      await small.result.current.upload(jpeg());
    });
    expect(onError.mock.calls[0]?.[0].message).toBe(
      "The resolution is too low: at least 960×960 (921,600 pixels) is needed. This image is 1279×720.",
    );
    const heavy = renderUpload({
      policy: IMAGE_POLICIES.imageEdit,
      transport: "presigned",
      decode: decoder(2000, 2000).decode,
      onError,
    });
    await act(async () => {
      await heavy.result.current.upload(jpeg("a.jpg", 50 * 1024 * 1024 + 1));
    });
    expect(onError.mock.calls[1]?.[0].message).toBe(
      "This file is 50 MB; files of at most 50 MB can be uploaded.",
    );
    expect(presignedUpload).not.toHaveBeenCalled();
  });

  it("image edit: the tool's own check refuses in its words; a fitting tile goes up presigned as JPEG", async () => {
    vi.mocked(presignedUpload).mockResolvedValue({
      imageUrl: "/files/t.jpg",
      key: "k/t.jpg",
      width: 1280,
      height: 960,
    });
    const onError = vi.fn();
    const check = ({ width, height }: { width: number; height: number }) =>
      width > 3 * height
        ? new ImageRefusedError("IMAGE_RATIO_OUT_OF_RANGE", `${width}×${height} is too wide`)
        : null;
    const wide = renderUpload({
      policy: IMAGE_POLICIES.imageEdit,
      transport: "presigned",
      kind: "input",
      decode: decoder(5000, 1000).decode,
      check,
      onError,
    });
    await act(async () => {
      await wide.result.current.upload(jpeg());
    });
    expect(onError.mock.calls[0]?.[0].message).toBe("5000×1000 is too wide");
    const fits = renderUpload({
      policy: IMAGE_POLICIES.imageEdit,
      transport: "presigned",
      kind: "input",
      decode: decoder(1280, 960).decode,
      check,
      onError,
    });
    let uploaded: unknown;
    await act(async () => {
      uploaded = await fits.result.current.upload(jpeg("tile.png", 1000, "image/png"));
    });
    expect(uploaded).toMatchObject({ url: "/files/t.jpg", key: "k/t.jpg", width: 1280, height: 960 });
    const [blob, filename, kind] = vi.mocked(presignedUpload).mock.calls[0]!;
    expect([blob.type, filename, kind]).toEqual(["image/jpeg", "tile.jpg", "input"]);
  });

  it("says a presigned step's failure and a mask's refusal in Korean on a Korean page", async () => {
    await act(() => i18n.changeLanguage("ko"));
    vi.mocked(presignedUpload).mockRejectedValueOnce(new ApiError(0, "PRESIGN_FAILED", "no answer"));
    vi.mocked(presignedUpload).mockRejectedValueOnce(new ApiError(422, "NOT_A_MASK", "photo"));
    const onError = vi.fn();
    const { result } = renderUpload(
      { policy: IMAGE_POLICIES.imageEdit, transport: "presigned", kind: "mask", onError },
      "/image-edit",
    );
    const mask = new Blob([new Uint8Array(10)], { type: "image/png" });
    await act(async () => {
      expect(await result.current.uploadBlob(mask, "mask.png")).toBeNull();
      expect(await result.current.uploadBlob(mask, "mask.png")).toBeNull();
    });
    expect(vi.mocked(presignedUpload).mock.calls[0]?.[2]).toBe("mask");
    expect(onError.mock.calls[0]?.[0].message).toBe("업로드 주소를 받지 못했어요. 다시 시도해 주세요.");
    expect(onError.mock.calls[1]?.[0].message).toBe(i18n.t("errors.codes.NOT_A_MASK"));
    expect(onError.mock.calls[1]?.[0].message).not.toBe("");
  });
});
