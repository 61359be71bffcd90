import { ZFaceEditStartBody } from "@gyeol/shared/contracts/face-edit";
import type { THistoryItem, THistoryResponse } from "@gyeol/shared/contracts/images";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildFaceEditBody,
  checkRun,
  faceEditErrorCause,
  faceEditErrorKind,
  findResumableFaceEdit,
  isRunDisabled,
  parseActiveJob,
  tempHistoryItem,
  withTempEntry,
} from "./face-edit-rules.ts";

const READY = { hasImage: true, hasMask: true, credits: 100, cost: 85, isRunning: false, isBusy: false };

function item(patch: Partial<THistoryItem>): THistoryItem {
  return {
    id: 1,
    image_url: "/files/r1.jpg",
    original_image_url: "/files/o1.jpg",
    thumbnail_url: null,
    prompt: null,
    seed: null,
    source: "face_edit",
    status: "completed",
    created_at: "2025-01-01T00:00:00.000Z",
    updated_at: "2025-01-01T00:00:00.000Z",
    kling_task_id: null,
    seedream_task_id: null,
    all_image_urls: null,
    runpod_job_id: null,
    ...patch,
  };
}

function page(images: THistoryItem[]): THistoryResponse {
  return { success: true, images, pagination: { hasMore: false, nextOffset: null } };
}

describe("Run (spec 02 §5 Face edit)", () => {
  it("asks for an image, then a saved mask, then credits, in that order", () => {
    expect(checkRun({ ...READY, hasImage: false, hasMask: false, credits: 0 })).toBe("needImage");
    expect(checkRun({ ...READY, hasMask: false, credits: 0 })).toBe("needMask");
    expect(checkRun({ ...READY, credits: 84 })).toBe("notEnoughCredits");
    expect(checkRun(READY)).toBe("ok");
    expect(checkRun({ ...READY, isRunning: true })).toBe("running");
  });

  it("is disabled while running or short of credits, but stays pressable without an image or mask", () => {
    expect(isRunDisabled(READY)).toBe(false);
    expect(isRunDisabled({ ...READY, hasImage: false, hasMask: false })).toBe(false);
    expect(isRunDisabled({ ...READY, credits: 84 })).toBe(true);
    expect(isRunDisabled({ ...READY, isRunning: true })).toBe(true);
    expect(isRunDisabled({ ...READY, isBusy: true })).toBe(true);
  });
});

describe("the start body (spec 02 §3)", () => {
  it("sends the Korean gender word, easy_value 0.45 + 0.1 × intensity and a seed in 1..1,000,000", () => {
    const body = buildFaceEditBody(
      { imageUrl: "/files/in.jpg", maskUrl: "/files/mask.png", gender: "female", intensity: 0.5 },
      () => 0,
    );
    expect(body).toEqual({
      input: {
        image: "/files/in.jpg",
        mask: "/files/mask.png",
        seed: 1,
        resize_factor: 1,
        easy_value: 0.5,
        gender: "여성",
      },
    });
    const male = buildFaceEditBody(
      { imageUrl: "a", maskUrl: "b", gender: "male", intensity: 1 },
      () => 0.999999999,
    );
    expect(male.input).toMatchObject({ gender: "남성", easy_value: 0.55, seed: 1_000_000 });
  });

  it("always passes the server's contract", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.constantFrom("female" as const, "male" as const),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (intensity, gender, r) => {
          const body = buildFaceEditBody(
            { imageUrl: "/i.jpg", maskUrl: "/m.png", gender, intensity },
            () => r,
          );
          expect(ZFaceEditStartBody.safeParse(body).success).toBe(true);
        },
      ),
    );
  });
});

describe("the error modals (spec 02 §8 Face edit)", () => {
  it("chooses the modal by code", () => {
    expect(faceEditErrorKind("AUTH_REQUIRED")).toBe("auth");
    expect(faceEditErrorKind("SESSION_EXPIRED")).toBe("auth");
    expect(faceEditErrorKind("FACE_EDIT_FAILED")).toBe("faceEditFailed");
    expect(faceEditErrorKind("TIMEOUT")).toBe("timeout");
    expect(faceEditErrorKind("PROVIDER_TIMEOUT")).toBe("timeout");
    expect(faceEditErrorKind("UPLOAD_FAILED")).toBe("failed");
    expect(faceEditErrorKind("JOB_CANCELLED")).toBe("cancelled");
    expect(faceEditErrorKind("INTERNAL_ERROR")).toBe("generic");
    expect(faceEditErrorKind(null)).toBe("generic");
    // ComfyUI (issue 25): its timeout is a timeout; its other codes add their own sentence.
    expect(faceEditErrorKind("COMFYUI_TIMEOUT")).toBe("timeout");
    expect(faceEditErrorKind("COMFYUI_EXECUTION_FAILED")).toBe("failed");
    expect(faceEditErrorCause("COMFYUI_MODEL_MISSING")).toBe("COMFYUI_MODEL_MISSING");
    expect(faceEditErrorCause("FACE_EDIT_FAILED")).toBeNull();
    expect(faceEditErrorCause(null)).toBeNull();
  });
});

describe("history (spec 02 §4.4)", () => {
  it("puts a temporary entry on top unless the job is already listed", () => {
    const entry = tempHistoryItem("job-9", "/files/r9.jpg", "/files/o9.jpg", new Date(1000));
    expect(JSON.parse(entry.prompt ?? "{}")).toEqual({ face_task_id: "temp-job-9", image_index: 0 });
    const pages = [page([item({ id: 1 })]), page([item({ id: 2, image_url: "/files/r2.jpg" })])];
    const added = withTempEntry(pages, entry);
    expect(added[0]?.images.map((image) => image.id)).toEqual([entry.id, 1]);
    expect(added[1]).toBe(pages[1]);
    const listed = [page([item({ id: 7, runpod_job_id: "job-9", status: "processing" })])];
    expect(withTempEntry(listed, entry)).toBe(listed);
    const byUrl = [page([item({ id: 8, image_url: "/files/r9.jpg" })])];
    expect(withTempEntry(byUrl, entry)).toBe(byUrl);
    expect(withTempEntry([], entry)[0]?.images).toEqual([entry]);
  });

  it("resumes the newest processing item that has a job id", () => {
    const items = [
      item({ id: 3, status: "completed", runpod_job_id: "a" }),
      item({ id: 2, status: "processing", runpod_job_id: null }),
      item({ id: 1, status: "processing", runpod_job_id: "job-1" }),
    ];
    expect(findResumableFaceEdit(items)?.id).toBe(1);
    expect(findResumableFaceEdit(items.slice(0, 2))).toBeNull();
  });

  it("reads back only a well-formed remembered job", () => {
    expect(parseActiveJob(JSON.stringify({ jobId: "j", originalUrl: "/o.jpg" }))).toEqual({
      jobId: "j",
      originalUrl: "/o.jpg",
    });
    expect(parseActiveJob(JSON.stringify({ jobId: "j" }))).toEqual({ jobId: "j", originalUrl: null });
    expect(parseActiveJob("{")).toBeNull();
    expect(parseActiveJob(JSON.stringify({ jobId: 3 }))).toBeNull();
    expect(parseActiveJob(null)).toBeNull();
  });
});
