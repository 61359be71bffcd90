/**
 * POST /api/runpod-face-edit (spec 02 §7 "Face edit and My Page"): `{ input: { image, mask, seed,
 * resize_factor, easy_value, gender } }` → `{ success, jobId, … }`; 401 AUTH_REQUIRED signed out.
 * Its status (GET /api/image/status/{jobId}?source=face_edit), live events and cancel are the job
 * platform's routes; the maintenance switch is the intake's.
 */
import { ZFaceEditStartBody, ZFaceEditStartResponse } from "@gyeol/shared/contracts/face-edit";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AuthGuards } from "../auth/auth.guards.ts";
import type { FaceEditService } from "./face-edit.service.ts";

export function registerFaceEditRoutes(
  app: FastifyInstance,
  { faceEdit, guards }: { faceEdit: FaceEditService; guards: AuthGuards },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/runpod-face-edit",
    {
      onRequest: guards.requireUser,
      schema: { body: ZFaceEditStartBody, response: { 200: ZFaceEditStartResponse } },
    },
    async (request) => faceEdit.start(request.user!, request.body.input),
  );
}
