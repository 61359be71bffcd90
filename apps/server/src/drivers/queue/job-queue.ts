/**
 * The job queue port (ARCHITECTURE "jobs"): a poller on the jobs table by default, BullMQ on
 * Redis at scale. Either way the database row is the truth and a message only carries the job's
 * id; the consumer (modules/jobs) claims rows with a conditional UPDATE, so a duplicate message
 * or a second worker never runs a job twice at once.
 */

export type TClaimResult = "claimed" | "gone" | "busy";

/**
 * A job's workload class, each with its own worker slots: `engine` runs on this process's CPU (the
 * built-in engines), `remote` mostly waits on a vendor (RunPod, Kling, Seedream). A minutes-long
 * vendor wait then never holds the slot a CPU retouch needs.
 */
export const QUEUE_CLASSES = ["engine", "remote"] as const;
export type TQueueClass = (typeof QUEUE_CLASSES)[number];

/** A message to send (again): the job, its attempts so far, and its class. */
export interface TQueueMessage {
  jobId: string;
  attempt: number;
  queue: TQueueClass;
}

export interface QueueConsumer {
  /** Local queue: claim up to `limit` runnable jobs of one class from the table; their ids. */
  claimNext(limit: number, queue: TQueueClass): Promise<string[]>;
  /** BullMQ: claim this job; "busy" when its owner is at the per-user limit (try later). */
  claim(jobId: string): Promise<TClaimResult>;
  /** Runs a claimed job to its end. Never throws; an aborted signal leaves the row as a crash would. */
  run(jobId: string, signal: AbortSignal): Promise<void>;
  /** Crash recovery: fails or re-queues jobs whose worker stopped; the jobs to send again. */
  recover(): Promise<TQueueMessage[]>;
}

export interface QueueWorker {
  /**
   * Stops taking jobs. `abandon: true` aborts the running ones without touching their rows: what
   * a crash leaves behind (the next start recovers them). Otherwise waits for them to finish.
   */
  stop(options?: { abandon?: boolean }): Promise<void>;
  /** Jobs running in this worker now. */
  running(): number;
}

export interface JobQueue {
  readonly driver: "local" | "bullmq";
  /**
   * Announces a committed job row to the workers of its class (default `engine`). `attempt` (the
   * row's attempts so far) makes a re-sent message distinct from one a crashed worker still holds.
   */
  enqueue(jobId: string, options?: { attempt?: number; queue?: TQueueClass }): Promise<void>;
  /** Runs jobs with `concurrency[class]` slots per class. */
  consume(consumer: QueueConsumer, options: { concurrency: Record<TQueueClass, number> }): QueueWorker;
  close(): Promise<void>;
}
