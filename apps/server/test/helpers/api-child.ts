/**
 * A real server process for the multi-process tests, on the database and data folder its
 * environment names (DATABASE_URL, DATA_DIR …), with an allow-all upload classifier.
 *
 * By default (the crash tests) a bare API: no worker, no cron, no shutdown hook. It prints
 * `listening <port>` once it serves; the test kills it with SIGKILL mid-request, the way a crashed
 * server stops: no shutdown hook, no catch block, no refund runs.
 *
 * With CHILD_MODE=process (the rolling-restart test) it is the process main.ts runs: the roles
 * ROLES names on one service graph (process.ts startProcess), stopped on SIGTERM the way main.ts
 * stops (no new connection or job, requests in flight finish, running jobs get SHUTDOWN_GRACE_MS),
 * exiting 0. The differences from main.ts are the test's: CHILD_REDIS_PREFIX isolates its queue and
 * rate-limit keys in a shared Redis, and the retouch engine is a fake that takes CHILD_ENGINE_MS
 * and appends the image of every run it finished to CHILD_RUNS_FILE (so the test counts how many
 * times each job really ran, across every worker process). It prints `listening <port>` when it
 * serves HTTP, `ready` once every role runs, `run-start <image>` and `run-end <image>` around each
 * engine run, and `stopped` before it exits.
 */
import { appendFileSync } from "node:fs";
import { pino } from "pino";
import { buildApp } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { migrateDatabase } from "../../src/db/migrate.ts";
import { openDatabase } from "../../src/drivers/db/database.ts";
import type { RetouchEngine } from "../../src/drivers/engines/retouch-engine.ts";
import { startProcess } from "../../src/process.ts";
import { createServices } from "../../src/services.ts";
import { allowAll, createFakeEngine } from "./retouch.ts";

const config = loadConfig(process.env);

if (process.env.CHILD_MODE === "process") {
  const engineMs = Number(process.env.CHILD_ENGINE_MS ?? 0);
  const runsFile = process.env.CHILD_RUNS_FILE;
  const fake = createFakeEngine();
  const engine: RetouchEngine = {
    ...fake,
    async run(request) {
      process.stdout.write(`run-start ${request.input.image}\n`);
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, engineMs);
        request.signal.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            reject(request.signal.reason);
          },
          { once: true },
        );
      });
      const result = await fake.run(request);
      if (runsFile) appendFileSync(runsFile, `${request.input.image}\n`);
      process.stdout.write(`run-end ${request.input.image}\n`);
      return result;
    },
  };
  const logger = pino({ level: config.logLevel });
  const running = await startProcess({
    // A free port the system picks; `listening <port>` tells the test which.
    config: { ...config, port: 0 },
    logger,
    ...(process.env.CHILD_REDIS_PREFIX ? { redisPrefix: process.env.CHILD_REDIS_PREFIX } : {}),
    drivers: { retouchEngine: engine, moderation: allowAll },
  });
  const address = running.app?.server.address();
  if (address && typeof address === "object") process.stdout.write(`listening ${address.port}\n`);
  process.stdout.write("ready\n");
  let isStopping = false;
  process.on("SIGTERM", () => {
    if (isStopping) return;
    isStopping = true;
    // main.ts's bound: the jobs' grace plus 10 s.
    setTimeout(() => process.exit(1), config.shutdownGraceMs + 10_000).unref();
    void running.stop().then(() => {
      process.stdout.write("stopped\n");
      process.exit(0);
    });
  });
} else {
  const db = openDatabase(config.database);
  await migrateDatabase(db);
  const services = createServices({ db, config, drivers: { moderation: allowAll } });
  const app = await buildApp({ config, db, services });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
}
