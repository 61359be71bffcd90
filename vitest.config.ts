import { defineConfig } from "vitest/config";

/**
 * One runner for every tier. `npm run test:unit` runs shared, server, web, engine and tooling
 * (every benchmark in its smoke mode, the scripts' tests); `npm run test:e2e` builds the web app and runs the browser journeys in Debian's Chromium.
 * Server integration tests run on SQLite always and also on PostgreSQL / Redis when
 * TEST_DATABASE_URL / TEST_REDIS_URL are set.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "engine",
          root: "packages/engine",
          include: ["src/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          // Engine suites render real photos in beforeAll; on a busy machine that takes a while.
          hookTimeout: 120_000,
          passWithNoTests: true,
        },
      },
      {
        test: {
          name: "server",
          root: "apps/server",
          include: ["src/**/*.test.ts", "test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      "apps/web/vitest.config.ts",
      {
        test: {
          // Every bench/*.bench.ts in its smoke mode (bench/smoke.test.ts: benches are code too)
          // and the repository scripts' own tests.
          name: "tooling",
          root: ".",
          include: ["bench/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          testTimeout: 150_000,
          // One bench at a time: each is CPU-bound and would only slow the others.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "e2e",
          root: "apps/web/e2e",
          include: ["**/*.e2e.ts"],
          environment: "node",
          globalSetup: ["./support/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          maxWorkers: 1,
        },
      },
    ],
  },
});
