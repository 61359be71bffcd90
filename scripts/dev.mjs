#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) and Vite with hot reload, side by side.
// Open http://localhost:5173; Vite proxies /api to the API on PORT (default 3000).
import { spawn } from "node:child_process";

const root = new URL("..", import.meta.url).pathname;
// Demo mode (apps/server/src/modules/users/demo-user.ts) is on under `npm run dev` unless
// DEMO_MODE says otherwise; `npm start` never turns it on.
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? "development",
  DEMO_MODE: process.env.DEMO_MODE ?? "true",
  // Links in e-mails are built from PUBLIC_ORIGIN alone; in development the browser is on Vite.
  PUBLIC_ORIGIN: process.env.PUBLIC_ORIGIN || "http://localhost:5173",
};
const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "apps/server/src/main.ts"], {
    cwd: root,
    env,
    stdio: "inherit",
  }),
  spawn("npm", ["run", "dev", "-w", "@gyeol/web"], { cwd: root, env, stdio: "inherit" }),
];
const stop = (code) => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
};
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
