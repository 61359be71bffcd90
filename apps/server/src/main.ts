/**
 * Process entry: validates the config, migrates the database, then starts the roles named in
 * ROLES (ARCHITECTURE "The same process can run every role"): `api` serves HTTP, `cron` runs the
 * scheduler, `worker` consumes the job queue (local poller or BullMQ) and recovers crashed jobs.
 */

import { closeEngineThread } from "@gyeol/engine/thread/engine-thread";
import { pino } from "pino";
import { buildApp } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { startCron } from "./cron/scheduler.ts";
import { createCronTasks } from "./cron/tasks.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { openDatabase } from "./drivers/db/database.ts";
import { builtinModeration } from "./drivers/engines/moderation.ts";
import { createJobQueue } from "./drivers/queue/create-queue.ts";
import { startWorker } from "./modules/jobs/worker.ts";
import { createServices } from "./services.ts";

/** A shutdown that hangs (a stuck connection) must not keep the process alive forever. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function start() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = pino({ level: config.logLevel });
  const db = openDatabase(config.database);
  const applied = await migrateToLatest(db.kysely, db.dialect);
  logger.info(
    {
      dialect: db.dialect,
      applied,
      ...(config.database.kind === "sqlite" ? { file: config.database.file } : {}),
    },
    "database ready",
  );

  const stops: Array<() => Promise<void>> = [];
  // One service graph for every role here (one storage, engine, URL cache and queue connection):
  // an API enqueue wakes this process's local worker at once, and shutdown closes the one queue.
  const queue = createJobQueue(config, { onError: (err) => logger.error({ err }, "queue error") });
  const services = createServices({ db, config, drivers: { queue } });

  if (config.roles.includes("api")) {
    const app = await buildApp({ config, db, logger, services });
    await app.listen({ host: config.host, port: config.port });
    stops.push(() => app.close());
    // Every upload is classified; load the classifier now rather than on the first upload.
    builtinModeration.warm?.().then(
      () => logger.info("upload moderation ready"),
      (err) => logger.warn({ err }, "upload moderation did not load; uploads will try again"),
    );
  }
  if (config.roles.includes("cron")) {
    const cron = startCron(createCronTasks(services), logger);
    stops.push(() => cron.stop());
  }
  if (config.roles.includes("worker")) {
    const worker = startWorker(services, config);
    logger.info({ queue: services.queue.driver, engine: config.retouchEngine.kind }, "worker started");
    stops.push(() => worker.stop());
  }

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    for (const stop of stops.reverse()) await stop().catch((err) => logger.error({ err }, "stop failed"));
    await queue.close().catch(() => {});
    await closeEngineThread().catch(() => {});
    await db.destroy();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

start().catch((error: unknown) => {
  console.error("Failed to start:", error);
  process.exit(1);
});
