/** The job queue (modules/jobs): BullMQ on Redis or the local queue, and the worker's limits. */
import { definePort, zInt, zOptionalText } from "./env.ts";

export interface TQueueConfig {
  redisUrl: string | undefined;
  jobs: Readonly<{
    /** Worker slots per queue class (JobDefinition.queue). */
    concurrency: Readonly<{ engine: number; remote: number }>;
    userConcurrency: number;
    maxAttempts: number;
    staleAfterSeconds: number;
    pollMs: number;
  }>;
}

export const queuePort = definePort(
  "queue",
  {
    REDIS_URL: zOptionalText,
    /** Slots of the `engine` class (built-in, CPU) per worker. */
    WORKER_CONCURRENCY: zInt(1, 1, 64),
    /** Slots of the `remote` class (jobs waiting on a vendor) per worker. */
    REMOTE_WORKER_CONCURRENCY: zInt(16, 1, 256),
    JOB_USER_CONCURRENCY: zInt(1, 1, 16),
    JOB_MAX_ATTEMPTS: zInt(2, 1, 10),
    JOB_STALE_AFTER_SECONDS: zInt(120, 1, 86_400),
    QUEUE_POLL_MS: zInt(500, 10, 60_000),
  },
  (e): TQueueConfig => ({
    redisUrl: e.REDIS_URL,
    jobs: Object.freeze({
      concurrency: Object.freeze({ engine: e.WORKER_CONCURRENCY, remote: e.REMOTE_WORKER_CONCURRENCY }),
      userConcurrency: e.JOB_USER_CONCURRENCY,
      maxAttempts: e.JOB_MAX_ATTEMPTS,
      staleAfterSeconds: e.JOB_STALE_AFTER_SECONDS,
      pollMs: e.QUEUE_POLL_MS,
    }),
  }),
);
