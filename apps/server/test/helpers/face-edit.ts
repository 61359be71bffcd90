/**
 * Helpers for the face-edit suites: a mask PNG as the mask editor saves it (white on black at the
 * photo's size), the mask upload (purpose=mask), the spec 02 §3 input and the start call.
 */
import { createHash } from "node:crypto";
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

/**
 * The presigned upload as the image-edit page makes it (POST /api/image/presign-upload with its
 * kind → PUT to the URL → POST /api/image/confirm-upload); answers the confirm.
 */
export async function presignedUpload(
  app: FastifyInstance,
  cookie: string,
  bytes: Buffer,
  kind: "input" | "mask",
  mime: "image/png" | "image/jpeg" = "image/png",
) {
  const presign = await app.inject({
    method: "POST",
    url: "/api/image/presign-upload",
    headers: { cookie },
    payload: {
      filename: kind === "mask" ? "mask.png" : "photo.png",
      mime,
      kind,
      contentLength: bytes.length,
      checksumSha256: createHash("sha256").update(bytes).digest("hex"),
    },
  });
  if (presign.statusCode !== 200) throw new Error(presign.body);
  const { url, key, requiredHeaders } = presign.json();
  const put = await app.inject({ method: "PUT", url, headers: requiredHeaders, payload: bytes });
  if (put.statusCode !== 200) throw new Error(put.body);
  const confirm = await app.inject({
    method: "POST",
    url: "/api/image/confirm-upload",
    headers: { cookie },
    payload: { key },
  });
  return { key: key as string, confirm };
}
