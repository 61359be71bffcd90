/**
 * One process, one service graph (ARCHITECTURE "The same process can run every role"): the
 * database, the queue connection, storage, engines and every service are built once here and
 * handed to the roles ROLES names: `api` serves HTTP, `cron` runs the scheduler, `worker`
 * consumes the job queue. stop() ends the roles, then closes the one queue and the database.
 */
import { closeEngineThread } from "@gyeol/engine/thread/engine-thread";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { buildApp } from "./app.ts";
import type { Config } from "./config.ts";
import { startCron } from "./cron/scheduler.ts";
import { createCronTasks } from "./cron/tasks.ts";
import { migrateDatabase } from "./db/migrate.ts";
import { openDatabase } from "./drivers/db/database.ts";
import { builtinModeration } from "./drivers/engines/moderation.ts";
import { createJobQueue } from "./drivers/queue/create-queue.ts";
import { startWorker } from "./modules/jobs/worker.ts";
import { startMetricsServer } from "./modules/metrics/metrics.routes.ts";
import { createServices, type DriverOverrides, type Services } from "./services.ts";

export interface RunningProcess {
  services: Services;
  /** The HTTP server when the `api` role runs here. */
  app: FastifyInstance | undefined;
  /**
   * Graceful stop (issue 28): the API stops taking connections and finishes the requests it has,
   * the worker takes no new job and gives its running ones SHUTDOWN_GRACE_MS to finish, then hands
   * back the rest to the queue; cron stops. Then the queue, the engine thread and the database close.
   */
  stop(): Promise<void>;
}

export async function startProcess({
  config,
  logger,
  redisPrefix,
  drivers,
}: {
  config: Readonly<Config>;
  logger: Logger;
  /** Redis key prefix of the queue (tests isolate themselves with one). */
  redisPrefix?: string;
  /** Drivers tests substitute (an engine they steer); the queue is always the process's own. */
  drivers?: Omit<DriverOverrides, "queue">;
}): Promise<RunningProcess> {
  const db = openDatabase(config.database);
  const applied = await migrateDatabase(db);
  logger.info(
    {
      dialect: db.dialect,
      applied,
      ...(config.database.kind === "sqlite" ? { file: config.database.file } : {}),
    },
    "database ready",
  );

  const stops: Array<() => Promise<void>> = [];
  /** stop()'s work, once it has begun: what fails because the process is closing is no fault to report. */
  let stopping: Promise<void> | undefined;
  // One service graph for every role here (one storage, engine, URL cache and queue connection):
  // an API enqueue wakes this process's local worker at once, and shutdown closes the one queue.
  const queue = createJobQueue(config, {
    onError: (err) => logger.error({ err }, "queue error"),
    ...(redisPrefix ? { redisPrefix } : {}),
  });
  const services = createServices({ db, config, drivers: { ...drivers, queue } });

  // METRICS_PORT: this process's metrics on a listener of their own (any role; a worker's too).
  if (config.metrics.port !== undefined) {
    const server = await startMetricsServer(services.metrics, config.metrics.port, config.metrics.host);
    logger.info({ port: config.metrics.port, host: config.metrics.host }, "metrics listening");
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
  }

  let app: FastifyInstance | undefined;
  if (config.roles.includes("api")) {
    const api = await buildApp({ config, db, logger, services, ...(redisPrefix ? { redisPrefix } : {}) });
    await api.listen({ host: config.host, port: config.port });
    stops.push(() => api.close());
    app = api;
    // Every upload is classified; load the classifier now rather than on the first upload (the
    // one in use: a driver a test hands in has no model to load).
    (drivers?.moderation ?? builtinModeration).warm?.().then(
      () => logger.info("upload moderation ready"),
      (err) =>
        // The engine thread closes under a load still in progress when the process stops early.
        stopping
          ? logger.debug({ err }, "stopped before upload moderation had loaded")
          : logger.warn({ err }, "upload moderation did not load; uploads will try again"),
    );
  }
  if (config.roles.includes("cron")) {
    const cron = startCron(createCronTasks(services), logger);
    stops.push(() => cron.stop());
  }
  if (config.roles.includes("worker")) {
    const worker = startWorker(services, config);
    logger.info({ queue: services.queue.driver, engine: config.retouchEngine.kind }, "worker started");
    stops.push(async () => {
      // No new job from here on; the running ones get the grace to finish.
      const drained = worker.stop();
      let timer: NodeJS.Timeout | undefined;
      const isLate = await Promise.race([
        drained.then(() => false),
        new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), config.shutdownGraceMs);
        }),
      ]);
      clearTimeout(timer);
      if (!isLate) return;
      // Past the grace: stop what still runs and put it back in the queue for another worker.
      const handedBack = await services.jobs.handBack();
      await drained;
      for (const { jobId, attempt, queue: queueClass } of handedBack)
        await services.queue.enqueue(jobId, { attempt, queue: queueClass });
      logger.warn({ jobs: handedBack.map((m) => m.jobId) }, "jobs handed back to the queue at shutdown");
    });
  }

  return {
    services,
    app,
    stop() {
      stopping ??= (async () => {
        // All roles at once: the API's in-flight requests and the worker's grace run side by side.
        await Promise.all(stops.map((stop) => stop().catch((err) => logger.error({ err }, "stop failed"))));
        await queue.close().catch(() => {});
        await closeEngineThread().catch(() => {});
        await db.destroy();
      })();
      return stopping;
    },
  };
}
