#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than the last build, then run the
// API, worker and cron roles in this one process (ROLES decides; default all three).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
// WEB_DIST_DIR (the server's and the web build's own variable) moves the build; look for it there.
const webDist = join(
  process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(root, "apps/web/dist"),
  "index.html",
);
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "packages/shared/src",
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newestMtime(join(root, s))));
if (builtAt < changedAt || process.env.FORCE_BUILD === "1") {
  console.info("Building the web app (sources changed since the last build)…");
  run("npm", ["run", "build", "-w", "@gyeol/web"]);
}
// Links in e-mails (password reset, renewal reminders) are built from PUBLIC_ORIGIN alone, never
// from a request's Host, and the server refuses password resets without it. On one machine the
// site is this machine's own port, so that is the default here; anyone else reaching the server
// needs PUBLIC_ORIGIN set to the address they use (README "Security").
if (!process.env.PUBLIC_ORIGIN) {
  process.env.PUBLIC_ORIGIN = `http://localhost:${process.env.PORT || 3000}`;
  console.info(
    `PUBLIC_ORIGIN is not set: using ${process.env.PUBLIC_ORIGIN} for links in e-mails. ` +
      "Set PUBLIC_ORIGIN to the site's public address when people reach it from other machines.",
  );
}
run(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"]);
