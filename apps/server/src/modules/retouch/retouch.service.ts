/**
 * Retouch's own rules (spec 02 §3, §9): the plan gate of the makeup styles, the upload's real size
 * (never the client's figure), the engine's and the 4000 px scale limits, and the cost from the
 * shared rule. Intake, the charge and the status belong to the job platform (modules/jobs).
 */

import type { TUpscaleInput, TUpscaleStartResponse } from "@gyeol/shared/contracts/images";
import { canUseMakeupCorrection } from "@gyeol/shared/policy";
import { estimateRetouchCost, isOverScaleLimit, MAKEUP_LORA_INDICES } from "@gyeol/shared/retouch";
import { TOOLS } from "@gyeol/shared/tools";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import { assertEngineCanTake } from "../images/image-checks.ts";
import type { ImagesService } from "../images/images.service.ts";
import type { JobIntakeService } from "../jobs/job-intake.service.ts";
import { isDemoUser } from "../users/demo-user.ts";
import { RETOUCH_TOOL, type TRetouchPayload } from "./retouch.job.ts";

export const PLAN_REQUIRED_MESSAGE = "Makeup skin correction is included in the Deluxe and Premium plans.";

export interface RetouchServiceDeps {
  store: Store;
  images: Pick<ImagesService, "ownedKeyOf">;
  intake: Pick<JobIntakeService, "accept">;
}

export type RetouchService = ReturnType<typeof createRetouchService>;

export function createRetouchService({ store, images, intake }: RetouchServiceDeps) {
  return {
    async start(
      user: Pick<UserRow, "id" | "plan" | "is_demo">,
      input: TUpscaleInput,
    ): Promise<TUpscaleStartResponse> {
      const accepted = await intake.accept<TRetouchPayload>(user, RETOUCH_TOOL, async () => {
        // The plan cards sell makeup correction as what deluxe adds (plans.ts, policy.ts).
        if (
          MAKEUP_LORA_INDICES.includes(input.lora_index) &&
          !isDemoUser(user) &&
          !canUseMakeupCorrection(user.plan)
        ) {
          throw new AppError(403, "PLAN_REQUIRED", PLAN_REQUIRED_MESSAGE);
        }
        const inputKey = await images.ownedKeyOf(user, input.image);
        const upload = await store.images.findUpload(inputKey);
        if (!upload?.width || !upload.height)
          throw new AppError(400, "VALIDATION_ERROR", "Upload the image with /api/image/upload-s3 first.");
        const { width, height } = upload;
        // Checked at upload too; again here, before the charge, for uploads that predate the rule
        // or came in through the notice editor: the 20000×2 job was charged 975 credits, then failed.
        assertEngineCanTake(width, height);
        if (isOverScaleLimit(width, height, input.scale_factor)) {
          throw new AppError(
            400,
            "SCALE_LIMIT_EXCEEDED",
            "The enlarged image would be 4000 px or more (width + height). Choose a smaller scale.",
          );
        }
        return {
          payload: { input: { ...input, width, height }, inputKey },
          cost: estimateRetouchCost(width, height, input.scale_factor),
          reason: `${TOOLS.retouch.creditReason} ${width}x${height} ×${input.scale_factor}`,
          history: { originalKey: inputKey, prompt: input.prompt, seed: input.seed },
        };
      });
      return { success: true, ...accepted, status: "in-progress" };
    },
  };
}
