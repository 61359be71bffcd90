/**
 * The worker role: consumes the queue with the jobs service. Crash recovery runs as it starts and
 * then on every sweep, so no job stays `processing` after its worker died.
 */
import type { Config } from "../../config.ts";
import type { QueueWorker } from "../../drivers/queue/job-queue.ts";
import type { Services } from "../../services.ts";

export function startWorker(
  services: Pick<Services, "queue" | "jobs">,
  config: Pick<Config, "jobs">,
): QueueWorker {
  return services.queue.consume(services.jobs.consumer, { concurrency: config.jobs.concurrency });
}
