/**
 * What the engine thread runs (thread/engine-thread.ts): the engine's CPU-bound calls, by name.
 * Arguments and answers cross the thread boundary by structured clone, so they are plain data.
 */
import { threadId } from "node:worker_threads";
import { editFace, type FaceEditOptions, type FaceEditResult } from "../face-edit.ts";
import { classifyNsfw, type NsfwResult, warmNsfwModel } from "../nsfw.ts";
import { renderRegionsOverlay } from "../overlay.ts";
import { type RetouchJob, type RetouchOptions, type RetouchResult, retouchPortrait } from "../retouch.ts";

export interface OverlayAnswer {
  png: Buffer;
  facesFound: number;
}

/** Each task: its arguments and what it answers. */
export interface EngineTasks {
  retouch: {
    args: [input: Uint8Array, job: RetouchJob, options: RetouchOptions];
    answer: RetouchResult;
  };
  /** Face edit's built-in driver: the mesh-guided reshape and light retouch inside the mask (face-edit.ts). */
  editFace: {
    args: [input: Uint8Array, maskPng: Uint8Array, options: FaceEditOptions];
    answer: FaceEditResult;
  };
  classifyNsfw: { args: [input: Uint8Array]; answer: NsfwResult };
  warmNsfw: { args: []; answer: undefined };
  overlay: { args: [input: Uint8Array]; answer: OverlayAnswer };
  /** The thread's id: lets tests show the work ran off the caller's thread. */
  whereAmI: { args: []; answer: number };
}

export type TEngineTask = keyof EngineTasks;

type Handlers = {
  [K in TEngineTask]: (...args: EngineTasks[K]["args"]) => Promise<EngineTasks[K]["answer"]>;
};

export const handlers: Handlers = {
  retouch: (input, job, options) => retouchPortrait(input, job, options),
  editFace: (input, maskPng, options) => editFace(input, maskPng, options),
  classifyNsfw: (input) => classifyNsfw(input),
  warmNsfw: async () => {
    await warmNsfwModel();
    return undefined;
  },
  async overlay(input) {
    const { png, analysis } = await renderRegionsOverlay(input);
    return { png, facesFound: analysis.faces.length };
  },
  whereAmI: async () => threadId,
};
