/**
 * Process entry: validates the config, then starts the roles named in ROLES on one service graph
 * (process.ts) and stops them gracefully on SIGINT/SIGTERM (process.ts stop()): no new connection
 * or job is taken, requests in flight finish, running jobs get SHUTDOWN_GRACE_MS and are then
 * handed back to the queue. The process exits 0 when that is done.
 */
import { pino } from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { startProcess } from "./process.ts";

/**
 * A shutdown that hangs (a request that never ends, a stuck connection) must not keep the process
 * alive forever: it exits 1 this long after the jobs' grace.
 */
const SHUTDOWN_HARD_EXTRA_MS = 10_000;

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
  const running = await startProcess({ config, logger });

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_HARD_EXTRA_MS).unref();
    await running.stop();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

start().catch((error: unknown) => {
  console.error("Failed to start:", error);
  process.exit(1);
});
