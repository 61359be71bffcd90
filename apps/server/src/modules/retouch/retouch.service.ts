/**
 * Starting a retouch and reading its status (spec 02 §3, §7 "Retouch", §9). The cost comes from
 * the shared rule on the upload's real size (never the client's figure); the job row, its history
 * row and the charge commit in one transaction (ARCHITECTURE "A job is charged when it is accepted").
 */
import { randomUUID } from "node:crypto";
import type {
  TImageStatusResponse,
  TUpscaleInput,
  TUpscaleStartResponse,
} from "@gyeol/shared/contracts/images";
import { canUseMakeupCorrection } from "@gyeol/shared/policy";
import { estimateRetouchCost, isOverScaleLimit, MAKEUP_LORA_INDICES } from "@gyeol/shared/retouch";
import type { JobRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { JobQueue } from "../../drivers/queue/job-queue.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CreditsService } from "../credits/credits.service.ts";
import { assertEngineCanTake } from "../images/image-checks.ts";
import type { ImagesService } from "../images/images.service.ts";
import { type JobsService, jobSpendKey } from "../jobs/jobs.service.ts";
import { isDemoUser } from "../users/demo-user.ts";
import { RETOUCH_TOOL, type TRetouchOutput, type TRetouchPayload } from "./retouch.job.ts";

/** spec 02 §8: the insufficient-credits toast asks to top up. */
export const INSUFFICIENT_CREDITS_MESSAGE = "Not enough credits. Please top up your credits.";
export const PLAN_REQUIRED_MESSAGE = "Makeup skin correction is included in the Deluxe and Premium plans.";
export const MAINTENANCE_MESSAGE = "The retouch service is under maintenance. Please try again later.";

export interface RetouchServiceDeps {
  store: Store;
  credits: Pick<CreditsService, "spendIn">;
  images: Pick<ImagesService, "ownedKeyOf" | "urlOf">;
  jobs: Pick<JobsService, "progressOf">;
  queue: Pick<JobQueue, "enqueue">;
  clock: Clock;
  provider: "builtin" | "runpod";
  log?: (message: string, details: object) => void;
}

export type RetouchService = ReturnType<typeof createRetouchService>;

/**
 * Finished jobs never change, so their answers are kept in memory for the status polls (bounded).
 * An answer is reused for FINISHED_ANSWER_MS; its signed URLs come from the images service's URL
 * cache, so they still have nearly an hour to live (images.service.ts SIGNED_URL_TTL_SECONDS).
 */
const FINISHED_CACHE_SIZE = 5000;
const FINISHED_ANSWER_MS = 60_000;

export function createRetouchService(deps: RetouchServiceDeps) {
  const { store, credits, images, jobs, queue, clock } = deps;
  const finished = new Map<
    string,
    { userId: number; answer: Promise<TImageStatusResponse>; until: number }
  >();

  async function answerFor(job: JobRow): Promise<TImageStatusResponse> {
    const payload = JSON.parse(job.input) as Partial<TRetouchPayload>;
    const output = job.output ? (JSON.parse(job.output) as Partial<TRetouchOutput>) : null;
    const { queuePosition, etaSeconds } = await jobs.progressOf(job);
    const imageUrl = job.status === "completed" ? await images.urlOf(output?.imageKey ?? null) : null;
    return {
      success: true,
      status: job.status === "completed" ? "completed" : job.status === "failed" ? "failed" : "in-progress",
      imageUrl,
      originalImageUrl: await images.urlOf(payload.inputKey ?? null),
      ...(imageUrl ? { images: [imageUrl] } : {}),
      queuePosition,
      etaSeconds,
      error: job.error_message,
      code: job.error_code,
      facesFound: output?.facesFound ?? null,
      identityScore: output?.identityScore ?? null,
      engine: output?.engine ?? job.provider,
    };
  }

  async function freshAnswer(userId: number, jobId: string): Promise<TImageStatusResponse> {
    const job = await store.jobs.findById(jobId);
    if (!job || job.user_id !== userId) throw notFound();
    const isFinished = job.status === "completed" || job.status === "failed";
    // A kept answer is handed to every poll (and its JSON made once, http/json-memo.ts): frozen.
    const answer = isFinished ? answerFor(job).then((built) => Object.freeze(built)) : answerFor(job);
    if (isFinished) {
      if (finished.size >= FINISHED_CACHE_SIZE) finished.delete(finished.keys().next().value!);
      finished.set(jobId, { userId: job.user_id, answer, until: clock.now().getTime() + FINISHED_ANSWER_MS });
      answer.catch(() => finished.delete(jobId));
    }
    return answer;
  }

  return {
    async start(
      user: Pick<UserRow, "id" | "plan" | "is_demo">,
      input: TUpscaleInput,
    ): Promise<TUpscaleStartResponse> {
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
      // Checked at upload too; again here, before the charge, for uploads that predate the rule or
      // came in through the notice editor: the 20000×2 job was charged 975 credits, then failed.
      assertEngineCanTake(width, height);
      if (isOverScaleLimit(width, height, input.scale_factor)) {
        throw new AppError(
          400,
          "SCALE_LIMIT_EXCEEDED",
          "The enlarged image would be 4000 px or more (width + height). Choose a smaller scale.",
        );
      }
      const cost = estimateRetouchCost(width, height, input.scale_factor);
      const jobId = randomUUID();
      const payload: TRetouchPayload = { input: { ...input, width, height }, inputKey };
      const created = clock.now().toISOString();
      let imageId: number;
      try {
        imageId = await store.transaction(async (tx) => {
          await tx.jobs.insert({
            id: jobId,
            user_id: user.id,
            tool: RETOUCH_TOOL,
            input: JSON.stringify(payload),
            cost,
            provider: deps.provider,
            created_at: created,
          });
          const image = await tx.images.insertImage({
            user_id: user.id,
            job_id: jobId,
            source: "upscale",
            original_image_url: inputKey,
            prompt: input.prompt,
            seed: input.seed,
            created_at: created,
          });
          await credits.spendIn(tx, user.id, cost, {
            idempotencyKey: jobSpendKey(jobId),
            reason: `retouch ${width}x${height} ×${input.scale_factor}`,
            jobId,
          });
          return image.id;
        });
      } catch (error) {
        if (isAppError(error) && error.code === "INSUFFICIENT_CREDITS")
          throw new AppError(400, "INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE, { cost });
        throw error;
      }
      // The row is committed; a lost message is re-sent by the queue's sweep.
      await queue
        .enqueue(jobId)
        .catch((error) => deps.log?.("enqueue failed", { jobId, error: String(error) }));
      return { success: true, jobId, imageId, status: "in-progress", cost };
    },

    /** GET /api/image/status/{jobId}: the owner's job only (another user's answers 404). */
    status(user: Pick<UserRow, "id">, jobId: string): Promise<TImageStatusResponse> {
      const hit = finished.get(jobId);
      if (!hit || hit.until <= clock.now().getTime()) return freshAnswer(user.id, jobId);
      return hit.userId === user.id ? hit.answer : Promise.reject(notFound());
    },
  };
}

const notFound = () => new AppError(404, "NOT_FOUND", "Job not found.");
