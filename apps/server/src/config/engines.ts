/**
 * The retouch and face-edit engines (ARCHITECTURE "retouch and face engines"): the built-in ones,
 * or RunPod serverless endpoints sharing one RunPod client when RUNPOD_API_KEY and the endpoint are set.
 */
import { z } from "zod";
import { definePort, trimSlashes, zInt, zOptionalText } from "./env.ts";

export type TRetouchEngineConfig =
  | { kind: "builtin" }
  | { kind: "runpod"; apiKey: string; endpointId: string; baseUrl: string; pollIntervalMs: number };

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
export type TFaceEditEngineConfig = { kind: "builtin" } | { kind: "runpod"; endpointId: string };

export interface TEnginesConfig {
  retouchEngine: TRetouchEngineConfig;
  /** RunPod's API, one client for every endpoint; undefined without RUNPOD_API_KEY. */
  runpod: TRunpodConfig | undefined;
  faceEditEngine: TFaceEditEngineConfig;
}

export const enginesPort = definePort(
  "engines",
  {
    RUNPOD_API_KEY: zOptionalText,
    RUNPOD_UPSCALE_ENDPOINT_ID: zOptionalText,
    RUNPOD_FACE_EDIT_ENDPOINT_ID: zOptionalText,
    RUNPOD_API_BASE_URL: zOptionalText.pipe(z.url().optional()),
    RUNPOD_POLL_INTERVAL_MS: zInt(2000, 10, 600_000),
    RUNPOD_REQUEST_TIMEOUT_MS: zInt(30_000, 100, 600_000),
    RUNPOD_JOB_TIMEOUT_MS: zInt(1_800_000, 1000, 86_400_000),
  },
  (e): TEnginesConfig => {
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
    const retouchEngine: TRetouchEngineConfig =
      runpod && e.RUNPOD_UPSCALE_ENDPOINT_ID
        ? { kind: "runpod", endpointId: e.RUNPOD_UPSCALE_ENDPOINT_ID, ...runpod }
        : { kind: "builtin" };
    const faceEditEngine: TFaceEditEngineConfig =
      runpod && e.RUNPOD_FACE_EDIT_ENDPOINT_ID
        ? { kind: "runpod", endpointId: e.RUNPOD_FACE_EDIT_ENDPOINT_ID }
        : { kind: "builtin" };
    return {
      retouchEngine: Object.freeze(retouchEngine),
      runpod,
      faceEditEngine: Object.freeze(faceEditEngine),
    };
  },
);
