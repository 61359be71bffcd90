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
  /**
   * The provider's own word on the running job (ComfyUI's queue place and progress, issue 25):
   * the status answer's queuePosition and ETA follow it while the job runs (jobs.service progressOf).
   */
  reportProgress(progress: TProviderProgress): void;
}

/** Prompts ahead of the job at its provider (0: running), and how far it has got (0–1). */
export interface TProviderProgress {
  queuePosition?: number;
  fraction?: number;
}

/** What a finished job made: 1–4 result images (storage keys) and the history's thumbnail. */
export interface TJobResult {
  imageKeys: readonly string[];
  thumbnailKey: string | null;
  /** How many images were asked for, when a run may deliver fewer (see `pricePerImage`). */
  requested?: number;
}

/** Extra fields of the status answer (the built-in engine's report); null when not known. */
export interface TJobReport {
  facesFound?: number | null;
  identityScore?: number | null;
  /** Retouch: the share of the retouch kept to hold the face's likeness (1: all). */
  retouchShare?: number | null;
  engine?: string | null;
  /** Fewer images came back than were asked for (generation, spec 02 §7 `partial`). */
  partial?: boolean;
}

export interface JobDefinition<TPayload = unknown, TOutput extends object = object> {
  tool: string;
  /**
   * Who runs it (the jobs.provider column: builtin, runpod, kling, seedream …); the history's
   * vendor-named fields are mapped from the source and the provider's task id, never asked here.
   */
  provider: string;
  /** The history rows' `source` (spec 02 §3 History image item). */
  source: TImageSource;
  /**
   * `engine` when the work runs on this process's CPU, `remote` when it waits on a vendor: each
   * class has its own worker slots (WORKER_CONCURRENCY, REMOTE_WORKER_CONCURRENCY).
   */
  queue: TQueueClass;
  schema: z.ZodType<TPayload>;
  handle(context: JobHandlerContext<TPayload>): Promise<TOutput>;
  /** The stored input image (the status answer's originalImageUrl), or null. */
  inputKeyOf(payload: TPayload): string | null;
  /** The result images and thumbnail of an output as stored (old rows' shapes included). */
  resultOf(output: TOutput): TJobResult;
  /** The status answer's report fields. */
  reportOf?(output: TOutput): TJobReport;
  /**
   * How much work a payload is, in the unit its run time grows with (retouch: output megapixels);
   * the ETA learns seconds per unit from finished jobs. Default: every job is 1.
   */
  workOf?(payload: TPayload): number;
  /**
   * Credits each image costs, for a tool charged per image asked for (image edit, generation): when
   * a completed run made fewer than its result's `requested`, the platform refunds the missing
   * ones (at most what was charged) in the transaction that completes the job, once.
   */
  pricePerImage?: number;
  /** More work inside the transaction that marks the job completed (its history row is done already). */
  onCompleted?(tx: Repositories, job: JobRow, output: TOutput, now: string): Promise<void>;
  /**
   * After its owner cancelled it (failed and refunded already): stop the provider's task (RunPod
   * /cancel). Also called when the provider's id is recorded after the cancel (a cancel that came
   * while the job was being submitted). Best effort: a failure is logged, the cancel stands.
   */
  onCancelled?(job: JobRow): Promise<void>;
  /** More work inside the transaction that marks the job failed and refunds it. */
  onFailed?(tx: Repositories, job: JobRow, now: string): Promise<void>;
  /**
   * True when a run that a crash stopped can be resumed without doing the work again (issue 27):
   * the provider's task is already made and the next run only polls it. Recovery then re-queues
   * the job beyond JOB_MAX_ATTEMPTS (up to RESUMABLE_EXTRA_ATTEMPTS more), so a task the provider
   * completes is delivered rather than refunded; the run's own deadline still ends it.
   */
  resumable?(job: JobRow): boolean;
}

export function defineJob<TPayload, TOutput extends object>(
  definition: JobDefinition<TPayload, TOutput>,
): JobDefinition<TPayload, TOutput> {
  return definition;
}

/** Any job definition, for the registry (payload and output types differ per tool). */
// biome-ignore lint/suspicious/noExplicitAny: a heterogeneous registry; each entry is checked where it is defined.
export type AnyJobDefinition = JobDefinition<any, any>;
