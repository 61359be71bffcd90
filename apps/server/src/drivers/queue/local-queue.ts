/**
 * The embedded queue: the worker polls the jobs table (claiming with a conditional UPDATE), and an
 * enqueue in the same process wakes it at once. Each queue class has its own slots, filled by its
 * own claim rounds. Every few polls it also runs crash recovery.
 */
import {
  type JobQueue,
  QUEUE_CLASSES,
  type QueueConsumer,
  type QueueWorker,
  type TQueueClass,
} from "./job-queue.ts";

/** Crash recovery runs every this many polls. */
const RECOVER_EVERY_POLLS = 4;

export function createLocalQueue(options: { pollMs: number; onError?: (error: unknown) => void }): JobQueue {
  const wakers = new Set<() => void>();
  const report = options.onError ?? (() => {});

  return {
    driver: "local",
    async enqueue() {
      for (const wake of wakers) wake();
    },

    consume(consumer: QueueConsumer, { concurrency }): QueueWorker {
      const running = new Map<string, { done: Promise<void>; abort: AbortController }>();
      let isStopped = false;
      let timer: NodeJS.Timeout | undefined;
      let polls = 0;
      let again = false;

      let current: Promise<void> | null = null;

      async function fill(queue: TQueueClass, slots: Map<string, unknown>) {
        const free = concurrency[queue] - slots.size;
        if (free <= 0 || isStopped) return;
        for (const id of await consumer.claimNext(free, queue)) {
          const abort = new AbortController();
          const done = consumer.run(id, abort.signal).finally(() => {
            running.delete(id);
            slots.delete(id);
            if (!isStopped) void tick();
          });
          running.set(id, { done, abort });
          slots.set(id, true);
        }
      }

      const lanes = new Map(QUEUE_CLASSES.map((queue) => [queue, new Map<string, unknown>()]));

      async function claimAndStart() {
        if (polls++ % RECOVER_EVERY_POLLS === 0) await consumer.recover();
        for (const [queue, slots] of lanes) await fill(queue, slots);
      }

      /** One claim round at a time; a wake during a round asks for another right after it. */
      async function tick(): Promise<void> {
        if (isStopped) return;
        if (current) {
          again = true;
          return current;
        }
        current = claimAndStart()
          .catch(report)
          .finally(() => {
            current = null;
          });
        await current;
        if (again && !isStopped) {
          again = false;
          void tick();
        }
      }

      function schedule() {
        if (isStopped) return;
        timer = setTimeout(async () => {
          await tick();
          schedule();
        }, options.pollMs);
      }

      const wake = () => void tick();
      wakers.add(wake);
      void tick();
      schedule();

      return {
        running: () => running.size,
        async stop({ abandon = false } = {}) {
          isStopped = true;
          wakers.delete(wake);
          clearTimeout(timer);
          // A claim round in flight may still start jobs: let it finish so they are counted.
          await current;
          const jobs = [...running.values()];
          if (abandon) for (const job of jobs) job.abort.abort(new Error("worker stopped"));
          await Promise.allSettled(jobs.map((job) => job.done));
        },
      };
    },

    async close() {
      wakers.clear();
    },
  };
}
