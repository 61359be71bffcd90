/**
 * BullMQ on Redis (REDIS_URL): worker processes scale out. The message is `{ jobId }` with the
 * BullMQ job id set to ours, so sending one twice while it waits is a no-op. The consumer claims
 * the row before running it; a job whose owner is at the per-user limit is delayed a second.
 * A sweep re-sends queued rows whose message was lost (a crash between commit and enqueue).
 */
import { DelayedError, Queue, Worker } from "bullmq";
import {
  type JobQueue,
  QUEUE_CLASSES,
  type QueueConsumer,
  type QueueWorker,
  type TQueueClass,
} from "./job-queue.ts";

/**
 * One BullMQ queue per class, each with its own workers. Messages the single queue of earlier
 * versions ("gyeol-jobs") still held are re-sent here by the sweep (their rows are still queued).
 */
const QUEUE_NAMES: Record<TQueueClass, string> = { engine: "gyeol-engine", remote: "gyeol-remote" };
const BUSY_DELAY_MS = 1000;

/** How long shutdown waits for connections still starting (a Redis that never answers). */
const SETTLE_BEFORE_CLOSE_MS = 3000;

/**
 * Lets BullMQ connections that are still starting finish before they close. One closed while it
 * initialises is disconnected, and its start-up command (INFO, the version check) then rejects
 * where nothing awaits it: an unhandled rejection in a process stopped right after it started.
 * Bounded, so a Redis that does not answer does not hold up shutdown.
 */
async function settleBeforeClose(parts: ReadonlyArray<{ waitUntilReady(): Promise<unknown> }>) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(parts.map((part) => part.waitUntilReady())),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, SETTLE_BEFORE_CLOSE_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

function connectionOf(url: string) {
  const u = new URL(url);
  const db = Number(u.pathname.replace(/^\//, "") || 0);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db,
    ...(u.protocol === "rediss:" ? { tls: {} } : {}),
    maxRetriesPerRequest: null,
  };
}

export function createBullmqQueue(options: {
  redisUrl: string;
  sweepMs: number;
  /** A prefix for the Redis keys (tests isolate themselves with one). */
  prefix?: string;
  onError?: (error: unknown) => void;
}): JobQueue {
  const prefix = options.prefix ?? "gyeol";
  // Every connection is named after the key prefix (CLIENT LIST shows whose it is; BullMQ's
  // blocking worker connections take `<prefix>:<queue>`), so an operator or a test can count them.
  const connection = { ...connectionOf(options.redisUrl), connectionName: prefix };
  const queues = Object.fromEntries(
    QUEUE_CLASSES.map((name) => [name, new Queue(QUEUE_NAMES[name], { connection, prefix })]),
  ) as Record<TQueueClass, Queue>;
  const report = options.onError ?? (() => {});

  async function enqueue(jobId: string, { attempt = 0, queue = "engine" as TQueueClass } = {}) {
    // One message id per attempt: a re-send is not swallowed by the message a crashed worker held.
    const messageId = attempt > 0 ? `${jobId}-a${attempt}` : jobId;
    await queues[queue].add(
      "run",
      { jobId },
      { jobId: messageId, removeOnComplete: true, removeOnFail: 1000 },
    );
  }

  return {
    driver: "bullmq",
    enqueue,

    consume(consumer: QueueConsumer, { concurrency }): QueueWorker {
      const aborts = new Map<string, AbortController>();
      const workerOf = (name: TQueueClass) =>
        new Worker(
          QUEUE_NAMES[name],
          async (job, token) => {
            const jobId = String((job.data as { jobId?: unknown }).jobId ?? "");
            const claim = await consumer.claim(jobId);
            if (claim === "gone") return;
            if (claim === "busy") {
              await job.moveToDelayed(Date.now() + BUSY_DELAY_MS, token);
              throw new DelayedError();
            }
            const abort = new AbortController();
            aborts.set(jobId, abort);
            try {
              await consumer.run(jobId, abort.signal);
            } finally {
              aborts.delete(jobId);
            }
          },
          { connection, prefix, concurrency: concurrency[name], autorun: true },
        );
      const workers = QUEUE_CLASSES.map(workerOf);
      for (const worker of workers) worker.on("error", report);

      const sweep = async () => {
        try {
          for (const { jobId, attempt, queue } of await consumer.recover())
            await enqueue(jobId, { attempt, queue });
        } catch (error) {
          report(error);
        }
      };
      void sweep();
      const timer = setInterval(sweep, options.sweepMs);

      return {
        running: () => aborts.size,
        async stop({ abandon = false } = {}) {
          clearInterval(timer);
          if (abandon) for (const abort of aborts.values()) abort.abort(new Error("worker stopped"));
          await settleBeforeClose(workers);
          await Promise.all(workers.map((worker) => worker.close(abandon)));
        },
      };
    },

    async close() {
      await settleBeforeClose(Object.values(queues));
      await Promise.all(Object.values(queues).map((queue) => queue.close()));
    },
  };
}
