/**
 * A job type: its name (the jobs.tool column), the history source its rows are listed under, its
 * queue class, the zod schema of its payload, and its handler (STYLE "jobs as typed definitions"). Handlers must be safe to run twice: they write their
 * outputs at keys made from the job id, so a second run overwrites rather than duplicates.
 */
import type { TImageSource } from "@gyeol/shared/contracts/images";
import type { z } from "zod";
import type { JobRow } from "../../db/schema.ts";
import type { Repositories } from "../../db/store.ts";
import type { TQueueClass } from "../../drivers/queue/job-queue.ts";

export interface JobHandlerContext<TPayload> {
  job: JobRow;
  payload: TPayload;
  signal: AbortSignal;
  /** Records the outside provider's id at once, so a restarted worker resumes instead of resubmitting. */
  setProviderJobId(id: string): Promise<void>;
}

export interface JobDefinition<TPayload = unknown, TOutput extends object = object> {
  tool: string;
  /** The history rows' `source` (spec 02 §3 History image item). */
  source: TImageSource;
  /**
   * `engine` when the work runs on this process's CPU, `remote` when it waits on a vendor: each
   * class has its own worker slots (WORKER_CONCURRENCY, REMOTE_WORKER_CONCURRENCY).
   */
  queue: TQueueClass;
  schema: z.ZodType<TPayload>;
  handle(context: JobHandlerContext<TPayload>): Promise<TOutput>;
  /**
   * How much work a payload is, in the unit its run time grows with (retouch: output megapixels);
   * the ETA learns seconds per unit from finished jobs. Default: every job is 1.
   */
  workOf?(payload: TPayload): number;
  /** Inside the transaction that marks the job completed (history rows and the like). */
  onCompleted?(tx: Repositories, job: JobRow, output: TOutput, now: string): Promise<void>;
  /** Inside the transaction that marks the job failed and refunds it. */
  onFailed?(tx: Repositories, job: JobRow, now: string): Promise<void>;
}

export function defineJob<TPayload, TOutput extends object>(
  definition: JobDefinition<TPayload, TOutput>,
): JobDefinition<TPayload, TOutput> {
  return definition;
}

/** Any job definition, for the registry (payload and output types differ per tool). */
// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous registry; each entry is checked where it is defined.
export type AnyJobDefinition = JobDefinition<any, any>;
