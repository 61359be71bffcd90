/**
 * Helpers for the face-edit suites: a mask PNG as the mask editor saves it (white on black at the
 * photo's size), the mask upload (purpose=mask), the spec 02 §3 input and the start call.
 */
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { imageForm } from "./retouch.ts";

/** White on black with the middle third painted (or nothing painted when `painted` is false). */
export async function makeMaskPng(width = 128, height = 96, painted = true): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: "#000000" } });
  if (!painted) return base.png().toBuffer();
  const w = Math.max(1, Math.round(width / 3));
  const h = Math.max(1, Math.round(height / 3));
  return base
    .composite([
      { input: { create: { width: w, height: h, channels: 3, background: "#ffffff" } }, left: w, top: h },
    ])
    .png()
    .toBuffer();
}

export function uploadMask(app: FastifyInstance, cookie: string, png: Buffer) {
  return app.inject({
    method: "POST",
    url: "/api/image/upload-s3?purpose=mask",
    headers: { cookie },
    payload: imageForm(png, "mask.png", "image/png"),
  });
}

/** The spec 02 §3 face-edit input as the page sends it (intensity 0.5, female). */
export function faceEditInput(image: string, mask: string | null, overrides: Record<string, unknown> = {}) {
  return { image, mask, seed: 424242, resize_factor: 1, easy_value: 0.5, gender: "여성", ...overrides };
}

export function startFaceEdit(app: FastifyInstance, cookie: string, input: object) {
  return app.inject({
    method: "POST",
    url: "/api/runpod-face-edit",
    headers: { cookie },
    payload: { input },
  });
}

export const faceEditStatusPath = (jobId: string) => `/api/image/status/${jobId}?source=face_edit`;

/** Polls the face-edit status until the job leaves in-progress. */
export async function waitForFaceEdit(
  app: FastifyInstance,
  cookie: string,
  jobId: string,
  timeoutMs = 20_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const body = (await app.inject({ url: faceEditStatusPath(jobId), headers: { cookie } })).json();
    if (body.status !== "in-progress" || Date.now() > until) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
