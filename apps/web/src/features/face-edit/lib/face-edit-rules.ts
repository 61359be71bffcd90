import type { TFaceEditStartBody } from "@gyeol/shared/contracts/face-edit";
import type { THistoryItem, THistoryResponse } from "@gyeol/shared/contracts/images";
import {
  easyValueFromIntensity,
  FACE_EDIT_DEFAULT_RESIZE_FACTOR,
  faceEditGenderToWire,
  randomFaceEditSeed,
  type TFaceEditGender,
} from "@gyeol/shared/face-edit";
import { POLL_TIMEOUT_CODE } from "@gyeol/shared/polling";
import { TOOLS } from "@gyeol/shared/tools";

/**
 * Face edit's page rules (spec 02 §4.4, §5, §8): pure, so they are tested without a browser.
 */

export interface TRunRules {
  hasImage: boolean;
  hasMask: boolean;
  credits: number;
  cost: number;
  /** A job is running (or being submitted). */
  isRunning: boolean;
  /** An upload or a mask save is under way. */
  isBusy: boolean;
}

/**
 * spec 02 §5: Run is disabled while a job runs and when the credits are below the cost; without
 * an image or a saved mask it stays pressable and says why (the spec's alerts).
 */
export function isRunDisabled(rules: TRunRules): boolean {
  return rules.isRunning || rules.isBusy || rules.credits < rules.cost;
}

/** What pressing Run does: start, or which alert it shows instead (checked in the spec's order). */
export type TRunCheck = "ok" | "needImage" | "needMask" | "notEnoughCredits" | "running";

export function checkRun(rules: TRunRules): TRunCheck {
  if (rules.isRunning || rules.isBusy) return "running";
  if (!rules.hasImage) return "needImage";
  if (!rules.hasMask) return "needMask";
  if (rules.credits < rules.cost) return "notEnoughCredits";
  return "ok";
}

export interface TFaceEditSettings {
  imageUrl: string;
  maskUrl: string;
  gender: TFaceEditGender;
  intensity: number;
}

/** POST /api/runpod-face-edit's body, exactly spec 02 §3 (gender as the Korean word). */
export function buildFaceEditBody(
  settings: TFaceEditSettings,
  random: () => number = Math.random,
): TFaceEditStartBody {
  return {
    input: {
      image: settings.imageUrl,
      mask: settings.maskUrl,
      seed: randomFaceEditSeed(random),
      resize_factor: FACE_EDIT_DEFAULT_RESIZE_FACTOR,
      easy_value: easyValueFromIntensity(settings.intensity),
      gender: faceEditGenderToWire(settings.gender),
    },
  };
}

/** The modal a failure opens (spec 02 §8 Face edit), chosen by code. */
export type TFaceEditErrorKind = "auth" | "faceEditFailed" | "timeout" | "failed" | "generic" | "cancelled";

const AUTH_CODES = new Set(["AUTH_REQUIRED", "SESSION_EXPIRED", "UNAUTHORIZED"]);
const TIMEOUT_CODES = new Set([POLL_TIMEOUT_CODE, "PROVIDER_TIMEOUT", "JOB_TIMEOUT", "COMFYUI_TIMEOUT"]);

export function faceEditErrorKind(code: string | null | undefined): TFaceEditErrorKind {
  if (!code) return "generic";
  if (AUTH_CODES.has(code)) return "auth";
  if (code === "JOB_CANCELLED") return "cancelled";
  if (code === "FACE_EDIT_FAILED") return "faceEditFailed";
  if (TIMEOUT_CODES.has(code)) return "timeout";
  if (code.includes("FAILED")) return "failed";
  return "generic";
}

/**
 * A code whose own sentence names the cause the modal's sentence cannot (the operator's ComfyUI,
 * issue 25: a missing model, the GPU out of memory …): the modal shows it under its sentence.
 */
export function faceEditErrorCause(code: string | null | undefined): string | null {
  return code?.startsWith("COMFYUI_") ? code : null;
}

/** The newest history item still processing that carries a job id, if any (reload mid-job). */
export function findResumableFaceEdit(items: readonly THistoryItem[]): THistoryItem | null {
  return items.find((item) => item.status === "processing" && Boolean(item.runpod_job_id)) ?? null;
}

/** A local history entry for a finished job, shown at once while the list is fetched again. */
export function tempHistoryItem(
  jobId: string,
  resultUrl: string,
  originalUrl: string | null,
  now: Date = new Date(),
): THistoryItem {
  const at = now.toISOString();
  return {
    // spec 02 §3: a local entry's id starts with 'temp-'; the list's ids are numbers, so the
    // entry carries a negative one and is told apart by its prompt's marker.
    id: -now.getTime(),
    image_url: resultUrl,
    original_image_url: originalUrl,
    thumbnail_url: resultUrl,
    prompt: JSON.stringify({ face_task_id: `temp-${jobId}`, image_index: 0 }),
    seed: null,
    source: TOOLS.faceEdit.historySource,
    status: "completed",
    created_at: at,
    updated_at: at,
    kling_task_id: null,
    seedream_task_id: null,
    all_image_urls: [resultUrl],
    runpod_job_id: jobId,
  };
}

/**
 * spec 02 §4.4: on completion a temporary entry goes to the top of the history unless the job is
 * already in it (by job id or result URL). Returns the pages unchanged when it is.
 */
export function withTempEntry(
  pages: readonly THistoryResponse[],
  entry: THistoryItem,
): readonly THistoryResponse[] {
  const isPresent = pages.some((page) =>
    page.images.some(
      (item) =>
        (entry.runpod_job_id !== null && item.runpod_job_id === entry.runpod_job_id) ||
        (entry.image_url !== null && item.image_url === entry.image_url),
    ),
  );
  if (isPresent) return pages;
  const [first, ...rest] = pages;
  if (!first) return [{ success: true, images: [entry], pagination: { hasMore: false, nextOffset: null } }];
  return [{ ...first, images: [entry, ...first.images] }, ...rest];
}

export interface TActiveJob {
  jobId: string;
  originalUrl: string | null;
}

/** The job a page remembered before a reload, if the stored text is one. */
export function parseActiveJob(stored: string | null): TActiveJob | null {
  if (!stored) return null;
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== "object") return null;
    const { jobId, originalUrl } = value as Record<string, unknown>;
    if (typeof jobId !== "string" || jobId === "") return null;
    return { jobId, originalUrl: typeof originalUrl === "string" ? originalUrl : null };
  } catch {
    return null;
  }
}
