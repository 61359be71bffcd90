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
// No language model configured: the chat and prompt helpers talk to a local stand-in (the contract
// fake of /v1/chat/completions), marked on the page as a test provider. LLM_DEV_STANDIN=false
// keeps them off instead; `npm start` never starts it.
const standIn = !process.env.LLM_BASE_URL && process.env.LLM_DEV_STANDIN !== "false";
if (standIn) {
  const port = process.env.CHAT_FAKE_PORT || "11435";
  Object.assign(env, {
    CHAT_FAKE_PORT: port,
    LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
    LLM_MODEL: "gyeol-dev-standin",
    LLM_TEST_PROVIDER: "true",
  });
}
// No Kling keys (issue 16): the Kling contract fake stands in for reference-image generation, its
// results the reference tinted, marked on the page as a test provider. KLING_DEV_STANDIN=false
// keeps generation off instead.
const klingStandIn = !process.env.KLING_ACCESS_KEY && process.env.KLING_DEV_STANDIN !== "false";
if (klingStandIn) {
  const port = process.env.KLING_FAKE_PORT || "11437";
  Object.assign(env, {
    KLING_FAKE_PORT: port,
    KLING_ACCESS_KEY: "dev-standin",
    KLING_SECRET_KEY: "dev-standin-secret",
    KLING_BASE_URL: `http://127.0.0.1:${port}`,
    KLING_POLL_INTERVAL_MS: "1000",
    KLING_TEST_PROVIDER: "true",
  });
}
// No image-edit provider configured (issue 15): the Seedream contract fake stands in, its results
// the first picture recoloured, marked on the page as a test provider. IMAGE_EDIT_DEV_STANDIN=false
// keeps image edit off instead.
const editStandIn =
  !process.env.IMAGE_EDIT_PROVIDER &&
  !process.env.SEEDREAM_API_KEY &&
  !process.env.OPENAI_IMAGES_API_KEY &&
  process.env.IMAGE_EDIT_DEV_STANDIN !== "false";
if (editStandIn) {
  const port = process.env.SEEDREAM_FAKE_PORT || "11436";
  Object.assign(env, {
    SEEDREAM_FAKE_PORT: port,
    IMAGE_EDIT_PROVIDER: "seedream",
    SEEDREAM_API_KEY: "dev-standin",
    SEEDREAM_BASE_URL: `http://127.0.0.1:${port}/api/v3`,
    IMAGE_EDIT_TEST_PROVIDER: "true",
  });
}
const children = [
  ...(editStandIn
    ? [
        spawn(process.execPath, ["--import", "tsx", "apps/server/test/fakes/seedream-fake-server.ts"], {
          cwd: root,
          env,
          stdio: "inherit",
        }),
      ]
    : []),
  ...(klingStandIn
    ? [
        spawn(process.execPath, ["--import", "tsx", "apps/server/test/fakes/kling-fake-server.ts"], {
          cwd: root,
          env,
          stdio: "inherit",
        }),
      ]
    : []),
  ...(standIn
    ? [
        spawn(process.execPath, ["--import", "tsx", "apps/server/test/fakes/chat-fake-server.ts"], {
          cwd: root,
          env,
          stdio: "inherit",
        }),
      ]
    : []),
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
