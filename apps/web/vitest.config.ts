import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";
import { i18nPlugin } from "./src/lib/i18n/i18n-vite-plugin.ts";

export default defineProject({
  // The same translations as the build: strings per language and part, the in-house react-i18next.
  plugins: [i18nPlugin(), react()],
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
