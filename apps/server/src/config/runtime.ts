/** The process itself: where its files live, which roles it runs, how it logs, demo mode. */
import path from "node:path";
import { z } from "zod";
import { definePort, REPO_ROOT, zBool, zInt, zOptionalText } from "./env.ts";

export const ROLE_NAMES = ["api", "worker", "cron"] as const;
export type TRole = (typeof ROLE_NAMES)[number];

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export interface TRuntimeConfig {
  dataDir: string;
  roles: readonly TRole[];
  logLevel: (typeof LOG_LEVELS)[number];
  webDistDir: string;
  demoMode: boolean;
  /**
   * SIGTERM/SIGINT (issue 28): how long running jobs get to finish before they are handed back to
   * the queue; the process exits at the latest 10 s after it (main.ts SHUTDOWN_HARD_EXTRA_MS).
   */
  shutdownGraceMs: number;
}

export function resolveDataDir(dataDir: string | undefined, cwd: string): string {
  return dataDir ? path.resolve(cwd, dataDir) : path.join(REPO_ROOT, "data");
}

export const runtimePort = definePort(
  "runtime",
  {
    DATA_DIR: zOptionalText,
    ROLES: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const names = (value ?? "")
          .split(",")
          .map((r) => r.trim().toLowerCase())
          .filter(Boolean);
        if (names.length === 0) return [...ROLE_NAMES];
        const unknown = names.filter((r) => !(ROLE_NAMES as readonly string[]).includes(r));
        if (unknown.length > 0) {
          ctx.addIssue({
            code: "custom",
            message: `unknown role(s) ${unknown.join(", ")}; use api, worker, cron`,
          });
          return z.NEVER;
        }
        return [...new Set(names)] as TRole[];
      }),
    LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
    WEB_DIST_DIR: zOptionalText,
    DEMO_MODE: zBool(false),
    SHUTDOWN_GRACE_MS: zInt(20_000, 0, 600_000),
  },
  (e, { cwd }): TRuntimeConfig => ({
    dataDir: resolveDataDir(e.DATA_DIR, cwd),
    roles: Object.freeze(e.ROLES),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR
      ? path.resolve(cwd, e.WEB_DIST_DIR)
      : path.join(REPO_ROOT, "apps", "web", "dist"),
    demoMode: e.DEMO_MODE,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
  }),
);
