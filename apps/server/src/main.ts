/**
 * Process entry: validates the config, then starts the roles named in ROLES on one service graph
 * (process.ts) and stops them on SIGINT/SIGTERM.
 */
import { pino } from "pino";
import { ConfigError, loadConfig } from "./config.ts";
import { startProcess } from "./process.ts";

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
  const running = await startProcess({ config, logger });

  let isStopping = false;
  const shutdown = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ signal }, "shutting down");
    setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    await running.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

start().catch((error: unknown) => {
  console.error("Failed to start:", error);
  process.exit(1);
});
