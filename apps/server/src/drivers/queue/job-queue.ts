/**
 * The job queue port (ARCHITECTURE "jobs"): a poller on the jobs table by default, BullMQ on
 * Redis at scale. Either way the database row is the truth and a message only carries the job's
 * id; the consumer (modules/jobs) claims rows with a conditional UPDATE, so a duplicate message
 * or a second worker never runs a job twice at once.
 */

export type TClaimResult = "claimed" | "gone" | "busy";

export interface QueueConsumer {
  /** Local queue: claim up to `limit` runnable jobs from the table; their ids. */
  claimNext(limit: number): Promise<string[]>;
  /** BullMQ: claim this job; "busy" when its owner is at the per-user limit (try later). */
  claim(jobId: string): Promise<TClaimResult>;
  /** Runs a claimed job to its end. Never throws; an aborted signal leaves the row as a crash would. */
  run(jobId: string, signal: AbortSignal): Promise<void>;
  /** Crash recovery: fails or re-queues jobs whose worker stopped; the jobs to send again. */
  recover(): Promise<Array<{ jobId: string; attempt: number }>>;
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
   * Announces a committed job row to the workers. `attempt` (the row's attempts so far) makes a
   * re-sent message distinct from one a crashed worker still holds.
   */
  enqueue(jobId: string, attempt?: number): Promise<void>;
  consume(consumer: QueueConsumer, options: { concurrency: number }): QueueWorker;
  close(): Promise<void>;
}
