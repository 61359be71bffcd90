import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type ProxyOptions } from "vite";

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
  plugins: [react(), tailwindcss()],
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    // WEB_DIST_DIR (the server's own variable) builds elsewhere, e.g. one dist per parallel checkout.
    outDir: process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : "dist",
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
  },
});
