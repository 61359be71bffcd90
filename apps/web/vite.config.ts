import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";
import { hangulPlaceholderDataUrl } from "./scripts/hangul-placeholder-font.mjs";
import { i18nPlugin } from "./src/lib/i18n/i18n-vite-plugin.ts";

/**
 * The API runs on :3000 in development. changeOrigin stays false so the browser's Host header
 * reaches the API unchanged and its Origin check (state-changing requests) sees a matching host.
 */
const API_TARGET = "http://localhost:3000";
const apiProxy: Record<string, ProxyOptions> = {
  "/api": { target: API_TARGET, changeOrigin: false },
  "/healthz": { target: API_TARGET, changeOrigin: false },
  // The built-in sandbox checkout page is served by the API too (PUBLIC_ORIGIN is Vite's in dev).
  "/sandbox": { target: API_TARGET, changeOrigin: false },
};

export default defineConfig({
  // i18nPlugin: each language's strings in two chunks, and the app's own react-i18next (issue 17).
  plugins: [
    i18nPlugin(),
    react(),
    tailwindcss(),
    {
      // The Hangul placeholder face (styles.css), preloaded: Chromium holds the first render for a
      // preloaded font, so a device without a Korean font lays Korean out at Pretendard's width from
      // the first frame rather than in tofu for the moment the data: URL takes to decode.
      name: "gyeol-hangul-placeholder-preload",
      transformIndexHtml: () => [
        {
          tag: "link",
          attrs: {
            rel: "preload",
            as: "font",
            type: "font/ttf",
            crossorigin: "",
            href: hangulPlaceholderDataUrl(),
          },
          injectTo: "head",
        },
      ],
    },
  ],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    // WEB_DIST_DIR (the server's own variable) builds elsewhere, e.g. one dist per parallel checkout.
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : "dist",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
