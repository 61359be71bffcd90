import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../api-client.ts";
import { downloadImage, filenameFromUrl, type TDownloadDeps } from "./download-image.ts";

const blobResponse = (status = 200) => new Response(status === 200 ? new Blob(["jpeg"]) : null, { status });

function deps(overrides: Partial<TDownloadDeps>) {
  return {
    presign: vi.fn(async () => ({
      success: true as const,
      downloadUrl: "/signed/result.jpg",
      filename: "gyeol-1.jpg",
    })),
    fetchBlob: vi.fn(async () => blobResponse()),
    save: vi.fn(),
    wait: vi.fn(async () => {}),
    ...overrides,
  };
}

describe("download", () => {
  it("saves the presigned file under the server's filename", async () => {
    const d = deps({});
    await downloadImage("/files/result.jpg", d);
    expect(d.fetchBlob).toHaveBeenCalledWith("/signed/result.jpg");
    expect(d.save).toHaveBeenCalledWith(expect.anything(), "gyeol-1.jpg");
    expect(d.wait).not.toHaveBeenCalled();
  });

  it("asks again after a 403, 1 s apart, and succeeds on the retry", async () => {
    const d = deps({
      fetchBlob: vi.fn().mockResolvedValueOnce(blobResponse(403)).mockResolvedValueOnce(blobResponse()),
    });
    await downloadImage("/files/result.jpg", d);
    expect(d.presign).toHaveBeenCalledTimes(2);
    expect(d.wait).toHaveBeenCalledWith(1000);
    expect(d.save).toHaveBeenCalledTimes(1);
  });

  it("retries twice after 403s, then falls back to the proxy download", async () => {
    const fetchBlob = vi.fn(async (url: string) =>
      url.startsWith("/api/image/download") ? blobResponse() : blobResponse(403),
    );
    const d = deps({
      presign: vi
        .fn()
        .mockRejectedValueOnce(new ApiError(403, "FORBIDDEN", "expired"))
        .mockResolvedValue({ success: true, downloadUrl: "/signed/x.jpg", filename: "x.jpg" }),
      fetchBlob,
    });
    await downloadImage("/files/result.jpg", d);
    expect(d.presign).toHaveBeenCalledTimes(3);
    expect(d.wait).toHaveBeenCalledTimes(2);
    expect(fetchBlob).toHaveBeenLastCalledWith("/api/image/download?url=%2Ffiles%2Fresult.jpg");
    expect(d.save).toHaveBeenCalledWith(expect.anything(), "result.jpg");
  });

  it("goes straight to the fallback on an error other than 403", async () => {
    const d = deps({ presign: vi.fn().mockRejectedValue(new ApiError(500, "INTERNAL_ERROR", "boom")) });
    await downloadImage("/files/result.jpg", d);
    expect(d.presign).toHaveBeenCalledTimes(1);
    expect(d.save).toHaveBeenCalledTimes(1);
  });

  it("fails when the fallback fails too", async () => {
    const d = deps({
      presign: vi.fn().mockRejectedValue(new ApiError(403, "FORBIDDEN", "no")),
      fetchBlob: vi.fn(async () => blobResponse(404)),
    });
    await expect(downloadImage("/files/result.jpg", d)).rejects.toBeInstanceOf(ApiError);
    expect(d.save).not.toHaveBeenCalled();
  });

  it("names the fallback file after the URL", () => {
    expect(filenameFromUrl("/files/a/b/result-7.jpg?sig=1")).toBe("result-7.jpg");
    expect(filenameFromUrl("/files/blob")).toBe("gyeol-image.jpg");
  });
});
