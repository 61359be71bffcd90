/**
 * The in-process scheduler of the `cron` role. Each task runs once at start and then every
 * interval; a run that is still going is not started again, and a failing run is logged and
 * retried at the next tick rather than taking the process down.
 */
export interface CronTask {
  name: string;
  intervalMs: number;
  run(): Promise<unknown>;
}

export interface CronLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface CronHandle {
  /** Stops the timers and waits for runs in progress. */
  stop(): Promise<void>;
}

export function startCron(tasks: readonly CronTask[], logger: CronLogger): CronHandle {
  const running = new Map<string, Promise<void>>();

  const runTask = (task: CronTask) => {
    if (running.has(task.name)) return;
    const run = task
      .run()
      .then((result) => logger.info({ task: task.name, result }, "cron task done"))
      .catch((err: unknown) => logger.error({ task: task.name, err }, "cron task failed"))
      .finally(() => running.delete(task.name));
    running.set(task.name, run);
  };

  const timers = tasks.map((task) => {
    runTask(task);
    return setInterval(() => runTask(task), task.intervalMs);
  });

  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
