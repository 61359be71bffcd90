/**
 * Face edit's own rules (spec 02 §3, §5, §9 "Face edit"): the photo and the mask must be the
 * caller's own uploads — the photo a tool upload, the mask one saved as a mask (mask-uploads.ts) —
 * and of the same proportions; the cost comes from the shared rule on the upload's real size and the
 * resize factor. Intake, the charge, status and cancel belong to the job platform (modules/jobs).
 */

import type { TFaceEditInput, TFaceEditStartResponse } from "@gyeol/shared/contracts/face-edit";
import { estimateFaceEditCost } from "@gyeol/shared/face-edit";
import { TOOLS } from "@gyeol/shared/tools";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertEngineCanTake } from "../images/image-checks.ts";
import { isMaskKey } from "../images/image-files.ts";
import { MASK_REQUIRED_MESSAGE } from "../images/image-uploads.ts";
import type { ImagesService } from "../images/images.service.ts";
import { assertMaskFor } from "../images/mask-uploads.ts";
import type { JobIntakeService } from "../jobs/job-intake.service.ts";
import { FACE_EDIT_TOOL, type TFaceEditPayload } from "./face-edit.job.ts";

export interface FaceEditServiceDeps {
  store: Store;
  images: Pick<ImagesService, "ownedKeyOf">;
  intake: Pick<JobIntakeService, "accept">;
}

export type FaceEditService = ReturnType<typeof createFaceEditService>;

export function createFaceEditService({ store, images, intake }: FaceEditServiceDeps) {
  const uploadFirst = (what: string) =>
    new AppError(400, "VALIDATION_ERROR", `Upload the ${what} with /api/image/upload-s3 first.`);

  return {
    async start(user: Pick<UserRow, "id">, input: TFaceEditInput): Promise<TFaceEditStartResponse> {
      const accepted = await intake.accept<TFaceEditPayload>(user, FACE_EDIT_TOOL, async () => {
        // spec 02 §4.4/§5: the mask is required before a run.
        if (!input.mask) throw new AppError(400, "MASK_REQUIRED", MASK_REQUIRED_MESSAGE);
        const inputKey = await images.ownedKeyOf(user, input.image);
        const maskKey = await images.ownedKeyOf(user, input.mask);
        const upload = await store.images.findUpload(inputKey);
        if (!upload?.width || !upload.height || isMaskKey(user.id, inputKey)) throw uploadFirst("image");
        const { width, height } = upload;
        assertEngineCanTake(width, height);
        await assertMaskFor(store, user.id, maskKey, { width, height });
        return {
          payload: { input: { ...input, mask: input.mask }, inputKey, maskKey, width, height },
          cost: estimateFaceEditCost(width, height, input.resize_factor),
          reason: `${TOOLS.faceEdit.creditReason} ${width}x${height} ×${input.resize_factor}`,
          history: {
            originalKey: inputKey,
            // spec 02 §3: a face-edit history item's prompt is a JSON string of face_task_id and image_index.
            prompt: (jobId) => JSON.stringify({ face_task_id: jobId, image_index: 0 }),
            seed: input.seed,
          },
        };
      });
      return { success: true, ...accepted, status: "in-progress" };
    },
  };
}
