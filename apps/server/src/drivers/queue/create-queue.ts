/** Chooses the queue driver once, at boot: BullMQ when REDIS_URL is set, else the local poller. */
import type { Config } from "../../config.ts";
import { createBullmqQueue } from "./bullmq-queue.ts";
import type { JobQueue } from "./job-queue.ts";
import { createLocalQueue } from "./local-queue.ts";

/** How often BullMQ workers run crash recovery and re-send lost messages. */
const BULLMQ_SWEEP_MS = 5000;

export function createJobQueue(
  config: Pick<Config, "redisUrl" | "jobs">,
  options: { redisPrefix?: string; onError?: (error: unknown) => void } = {},
): JobQueue {
  if (config.redisUrl) {
    return createBullmqQueue({
      redisUrl: config.redisUrl,
      sweepMs: Math.min(BULLMQ_SWEEP_MS, config.jobs.pollMs * 4),
      ...options,
      ...(options.redisPrefix ? { prefix: options.redisPrefix } : {}),
    });
  }
  return createLocalQueue({
    pollMs: config.jobs.pollMs,
    ...(options.onError ? { onError: options.onError } : {}),
  });
}
