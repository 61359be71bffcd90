/**
 * The four tools as the ComfyUI suites drive them (issue 25): how to prepare a user's uploads and
 * start one job through the page's own route, with its cost, result count and status path, and
 * whether a worker crash resumes its ComfyUI prompt (image edit's task id is our job id, so it is
 * sent again). Used by the job contract (tool-contract.test.ts) and the ComfyUI engine suites.
 */
import sharp from "sharp";
import { faceEditInput, faceEditStatusPath, makeMaskPng, startFaceEdit, uploadMask } from "./face-edit.ts";
import { makeJpeg, startRetouch, uploadImage, upscaleInput } from "./retouch.ts";
import type { TestApp } from "./test-app.ts";
import type { ToolUser } from "./tool-contract.ts";

/** Every tool on ComfyUI, as an operator sets it. */
export const ALL_ON_COMFYUI = {
  RETOUCH_PROVIDER: "comfyui",
  FACE_EDIT_PROVIDER: "comfyui",
  IMAGE_EDIT_PROVIDER: "comfyui",
  GENERATION_PROVIDER: "comfyui",
};

const upload = async (t: TestApp, cookie: string, bytes: Buffer) => {
  const response = await uploadImage(t.app, cookie, bytes);
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json().imageUrl as string;
};

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 60, b: 220 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

export interface TTool {
  name: string;
  cost: number;
  images: number;
  resumable: boolean;
  statusPath(jobId: string): string;
  prepare(t: TestApp, user: ToolUser): Promise<unknown>;
  start(t: TestApp, user: ToolUser, prepared: unknown): Promise<string>;
}

export const COMFY_TOOLS: TTool[] = [
  {
    name: "retouch",
    cost: 80,
    images: 1,
    resumable: true,
    statusPath: (jobId) => `/api/image/status/${jobId}`,
    prepare: async (t, user) => upload(t, user.cookie, await makeJpeg(320, 240)),
    async start(t, user, image) {
      const response = await startRetouch(
        t.app,
        user.cookie,
        upscaleInput(image as string, { width: 320, height: 240, scale_factor: 2 }),
      );
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().jobId;
    },
  },
  {
    name: "face edit",
    cost: 85,
    images: 1,
    resumable: true,
    statusPath: faceEditStatusPath,
    async prepare(t, user) {
      const mask = (await uploadMask(t.app, user.cookie, await makeMaskPng(128, 96))).json()
        .imageUrl as string;
      return { image: await upload(t, user.cookie, await makeJpeg()), mask };
    },
    async start(t, user, prepared) {
      const { image, mask } = prepared as { image: string; mask: string };
      const response = await startFaceEdit(t.app, user.cookie, faceEditInput(image, mask));
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().jobId;
    },
  },
  {
    name: "image edit",
    cost: 30,
    images: 2,
    resumable: false,
    statusPath: (jobId) => `/api/image/status/${jobId}?source=seedream`,
    prepare: async (t, user) => upload(t, user.cookie, await photo(1280, 960)),
    async start(t, user, image) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/seedream/generate?async=1",
        headers: { cookie: user.cookie },
        payload: {
          prompt: "make the sky a sunset",
          images: [image],
          num_images: 2,
          size: "1280x720",
          seed: 4242,
          seedream_task_id: null,
          auto_prompt_used: false,
          async: true,
        },
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().seedream_task_id;
    },
  },
  {
    name: "generation",
    cost: 45,
    images: 3,
    resumable: true,
    statusPath: (jobId) => `/api/image/status/${jobId}`,
    prepare: async () => photo(400, 400),
    async start(t, user, reference) {
      const form = new FormData();
      form.append("prompt", "a cat");
      form.append("num_images", "3");
      form.append("aspect_ratio", "16x9");
      form.append(
        "character_reference_images",
        new Blob([new Uint8Array(reference as Buffer)], { type: "image/jpeg" }),
        "ref.jpg",
      );
      const response = await t.app.inject({
        method: "POST",
        url: "/api/kling/image-generation",
        headers: { cookie: user.cookie },
        payload: form,
      });
      if (response.statusCode !== 200) throw new Error(response.body);
      return response.json().taskId;
    },
  },
];
