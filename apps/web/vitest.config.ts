import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    root: "apps/web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    // Above the 10 s that findBy/waitFor are given in setup.ts, so a slow machine fails on the
    // condition, not on the clock.
    testTimeout: 30_000,
  },
});
