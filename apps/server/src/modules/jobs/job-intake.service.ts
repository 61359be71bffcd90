/**
 * Accepting a job, for every tool (ARCHITECTURE "A job is charged when it is accepted"): the
 * maintenance switch first, then the tool's own rules (its `plan`: gates, limits, the cost from the
 * shared rule), the banned-keyword check of a prompt the person wrote, then one transaction that
 * inserts the job row and its history row and spends the credits, and the queue message after the
 * commit. A tool's service keeps only its rules.
 */
import { randomUUID } from "node:crypto";
import type { UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import type { JobQueue } from "../../drivers/queue/job-queue.ts";
import { AppError, isAppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { CreditsService } from "../credits/credits.service.ts";
import { BANNED_PROMPT_MESSAGE } from "../moderation/banned-keywords.service.ts";
import { isDemoUser } from "../users/demo-user.ts";
import type { AnyJobDefinition } from "./job-definition.ts";
import { jobSpendKey } from "./jobs.service.ts";

/** spec 02 §8: the insufficient-credits toast asks to top up. */
export const INSUFFICIENT_CREDITS_MESSAGE = "Not enough credits. Please top up your credits.";
export const MAINTENANCE_MESSAGE = "This service is under maintenance. Please try again later.";
/** How long accepting a job waits for its queue message (the row is the truth; the sweep re-sends). */
const ENQUEUE_WAIT_MS = 2000;

/** What a tool's rules decided about one request. */
export interface TJobPlan<TPayload> {
  payload: TPayload;
  /** Credits to charge (0: nothing is spent, nothing refunded). */
  cost: number;
  /** The ledger's reason for the charge. */
  reason: string;
  /**
   * The history row's fields (spec 02 §3 History image item); `prompt` may be made from the new
   * job's id (face edit's JSON of face_task_id and image_index).
   */
  history: {
    originalKey: string | null;
    prompt: string | null | ((jobId: string) => string);
    seed: number | null;
  };
  /** Words the person typed, checked against the banned keywords before anything is charged. */
  userPrompt?: string | null;
  /**
   * Takes back what the plan wrote (stored uploads) when the job is refused after all (the
   * charge failed): a refused request leaves no file (issue 27).
   */
  discard?: () => Promise<void>;
}

export interface TAcceptedJob {
  jobId: string;
  imageId: number;
  cost: number;
}

export interface JobIntakeDeps {
  store: Store;
  credits: Pick<CreditsService, "spendIn" | "balances">;
  queue: Pick<JobQueue, "enqueue">;
  clock: Clock;
  definitions: readonly AnyJobDefinition[];
  /** spec 02 §8: every paid tool answers 503 `{ maintenance: true }` while this is on. */
  isMaintenance: boolean;
  /** The keyword of the current banned list a text holds, or null (spec 02 §5 prompt moderation). */
  findBannedKeyword?: (text: string) => Promise<string | null>;
  log?: (message: string, details: object) => void;
}

export type JobIntakeService = ReturnType<typeof createJobIntakeService>;

export function createJobIntakeService(deps: JobIntakeDeps) {
  const { store, credits, queue, clock } = deps;
  const byTool = new Map(deps.definitions.map((d) => [d.tool, d]));

  async function assertPromptAllowed(prompt: string | null | undefined) {
    if (!prompt || !deps.findBannedKeyword) return;
    const keyword = await deps.findBannedKeyword(prompt);
    if (keyword) throw new AppError(400, "NSFW_PROMPT_BLOCKED", `${BANNED_PROMPT_MESSAGE}.`, { keyword });
  }

  return {
    /**
     * The checks `accept` makes, made before a tool writes anything (issue 27): the maintenance
     * switch, the banned keywords of the person's prompt and whether the user can pay `cost`
     * (a demo user always can). The charge itself stays in accept's transaction.
     */
    async precheck(user: Pick<UserRow, "id">, check: { cost: number; userPrompt?: string | null }) {
      if (deps.isMaintenance) throw new AppError(503, "MAINTENANCE", MAINTENANCE_MESSAGE);
      await assertPromptAllowed(check.userPrompt);
      if (check.cost <= 0) return;
      const row = await store.users.findById(user.id);
      if (row && isDemoUser(row)) return;
      const { total } = await credits.balances(user.id);
      if (total < check.cost)
        throw new AppError(400, "INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE, { cost: check.cost });
    },

    /**
     * Runs `plan` (the tool's rules) unless the service is paused, then charges and records the
     * job in one transaction and announces it. INSUFFICIENT_CREDITS answers 400 with the cost.
     */
    async accept<TPayload>(
      user: Pick<UserRow, "id">,
      tool: string,
      plan: () => Promise<TJobPlan<TPayload>>,
    ): Promise<TAcceptedJob> {
      const definition = byTool.get(tool);
      if (!definition) throw new Error(`no job definition for ${tool}`);
      if (deps.isMaintenance) throw new AppError(503, "MAINTENANCE", MAINTENANCE_MESSAGE);
      const planned = await plan();
      try {
        await assertPromptAllowed(planned.userPrompt);
      } catch (error) {
        await planned.discard?.();
        throw error;
      }
      // The payload is what the worker will parse: a plan the definition refuses is a bug here.
      const payload = definition.schema.parse(planned.payload);
      const { cost } = planned;
      const jobId = randomUUID();
      const created = clock.now().toISOString();
      let imageId: number;
      try {
        imageId = await store.transaction(async (tx) => {
          await tx.jobs.insert({
            id: jobId,
            user_id: user.id,
            tool,
            input: JSON.stringify(payload),
            cost,
            provider: definition.provider,
            created_at: created,
          });
          const image = await tx.images.insertImage({
            user_id: user.id,
            job_id: jobId,
            source: definition.source,
            original_image_url: planned.history.originalKey,
            prompt:
              typeof planned.history.prompt === "function"
                ? planned.history.prompt(jobId)
                : planned.history.prompt,
            seed: planned.history.seed,
            created_at: created,
          });
          if (cost > 0) {
            await credits.spendIn(tx, user.id, cost, {
              idempotencyKey: jobSpendKey(jobId),
              reason: planned.reason,
              jobId,
            });
          }
          return image.id;
        });
      } catch (error) {
        await planned.discard?.();
        if (isAppError(error) && error.code === "INSUFFICIENT_CREDITS")
          throw new AppError(400, "INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE, { cost });
        throw error;
      }
      // The row is committed; a lost message is re-sent by the queue's sweep. Redis down or slow
      // must not hold the answer (issue 28): wait for the message at most ENQUEUE_WAIT_MS.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        queue
          .enqueue(jobId, { queue: definition.queue })
          .catch((error) => deps.log?.("enqueue failed", { jobId, error: String(error) })),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            deps.log?.("enqueue slow; the sweep re-sends the message", { jobId });
            resolve();
          }, ENQUEUE_WAIT_MS);
        }),
      ]);
      clearTimeout(timer);
      return { jobId, imageId, cost };
    },
  };
}
