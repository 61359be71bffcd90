/**
 * The retouch and face-edit engines (ARCHITECTURE "retouch and face engines"): the built-in ones,
 * RunPod serverless endpoints sharing one RunPod client when RUNPOD_API_KEY and the endpoint are
 * set, or ComfyUI (issue 25) when RETOUCH_PROVIDER / FACE_EDIT_PROVIDER say `comfyui` (the
 * ComfyUI port, comfyui.ts, says where it runs). Unset, the choice is what it always was.
 */
import { z } from "zod";
import { definePort, issues, trimSlashes, zInt, zOptionalText } from "./env.ts";

export type TRetouchEngineConfig =
  | { kind: "builtin" }
  | { kind: "runpod"; apiKey: string; endpointId: string; baseUrl: string; pollIntervalMs: number }
  | { kind: "comfyui" };

export interface TRunpodConfig {
  apiKey: string;
  baseUrl: string;
  pollIntervalMs: number;
  /** One HTTP call's bound (a RunPod that never answers fails the job, refunded). */
  requestTimeoutMs: number;
  /** A RunPod job's bound; past it the job is cancelled there and fails PROVIDER_TIMEOUT. */
  jobTimeoutMs: number;
}

/** Face edit: the built-in refine, or the RunPod endpoint when it and RUNPOD_API_KEY are set. */
export type TFaceEditEngineConfig =
  | { kind: "builtin" }
  | { kind: "runpod"; endpointId: string }
  | { kind: "comfyui" };

const ENGINE_PROVIDERS = ["builtin", "runpod", "comfyui"] as const;

export interface TEnginesConfig {
  retouchEngine: TRetouchEngineConfig;
  /** RunPod's API, one client for every endpoint; undefined without RUNPOD_API_KEY. */
  runpod: TRunpodConfig | undefined;
  faceEditEngine: TFaceEditEngineConfig;
}

export const enginesPort = definePort(
  "engines",
  {
    RETOUCH_PROVIDER: zOptionalText.pipe(z.enum(ENGINE_PROVIDERS).optional()),
    FACE_EDIT_PROVIDER: zOptionalText.pipe(z.enum(ENGINE_PROVIDERS).optional()),
    RUNPOD_API_KEY: zOptionalText,
    RUNPOD_UPSCALE_ENDPOINT_ID: zOptionalText,
    RUNPOD_FACE_EDIT_ENDPOINT_ID: zOptionalText,
    RUNPOD_API_BASE_URL: zOptionalText.pipe(z.url().optional()),
    RUNPOD_POLL_INTERVAL_MS: zInt(2000, 10, 600_000),
    RUNPOD_REQUEST_TIMEOUT_MS: zInt(30_000, 100, 600_000),
    RUNPOD_JOB_TIMEOUT_MS: zInt(1_800_000, 1000, 86_400_000),
  },
  (e) => {
    const baseUrl = trimSlashes(e.RUNPOD_API_BASE_URL ?? "https://api.runpod.ai/v2");
    const runpod = e.RUNPOD_API_KEY
      ? Object.freeze({
          apiKey: e.RUNPOD_API_KEY,
          baseUrl,
          pollIntervalMs: e.RUNPOD_POLL_INTERVAL_MS,
          requestTimeoutMs: e.RUNPOD_REQUEST_TIMEOUT_MS,
          jobTimeoutMs: e.RUNPOD_JOB_TIMEOUT_MS,
        })
      : undefined;
    const problems: string[] = [];
    // Unset: RunPod when its key and endpoint are set, else built-in (as before issue 25).
    const retouchKind = e.RETOUCH_PROVIDER ?? (runpod && e.RUNPOD_UPSCALE_ENDPOINT_ID ? "runpod" : "builtin");
    const faceEditKind =
      e.FACE_EDIT_PROVIDER ?? (runpod && e.RUNPOD_FACE_EDIT_ENDPOINT_ID ? "runpod" : "builtin");
    if (retouchKind === "runpod" && !(runpod && e.RUNPOD_UPSCALE_ENDPOINT_ID))
      problems.push(
        "RETOUCH_PROVIDER: runpod needs RUNPOD_API_KEY and RUNPOD_UPSCALE_ENDPOINT_ID (the original worker's endpoint)",
      );
    if (faceEditKind === "runpod" && !(runpod && e.RUNPOD_FACE_EDIT_ENDPOINT_ID))
      problems.push(
        "FACE_EDIT_PROVIDER: runpod needs RUNPOD_API_KEY and RUNPOD_FACE_EDIT_ENDPOINT_ID (the original worker's endpoint)",
      );
    if (problems.length > 0) return issues(...problems);
    const retouchEngine: TRetouchEngineConfig =
      retouchKind === "runpod"
        ? { kind: "runpod", endpointId: e.RUNPOD_UPSCALE_ENDPOINT_ID!, ...runpod! }
        : { kind: retouchKind };
    const faceEditEngine: TFaceEditEngineConfig =
      faceEditKind === "runpod"
        ? { kind: "runpod", endpointId: e.RUNPOD_FACE_EDIT_ENDPOINT_ID! }
        : { kind: faceEditKind };
    return {
      retouchEngine: Object.freeze(retouchEngine),
      runpod,
      faceEditEngine: Object.freeze(faceEditEngine),
    } satisfies TEnginesConfig;
  },
);
