import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { startKakaoFake } from "../../../server/test/fakes/kakao-fake.ts";
import { renderTinted, startKlingFake } from "../../../server/test/fakes/kling-fake.ts";
import { startNaverFake } from "../../../server/test/fakes/naver-fake.ts";
import { startChatFake } from "../../../server/test/fakes/openai-chat-fake.ts";
import { startSeedreamFake } from "../../../server/test/fakes/seedream-fake.ts";
import { E2E_OPERATOR } from "./operator.ts";

/**
 * Starts the real product for the browser journeys: the built web app served by the API on a free
 * port, on a fresh SQLite database in a temporary DATA_DIR. Journeys reach it through inject().
 */
const repoRoot = resolve(import.meta.dirname, "../../../..");

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    /** Contract fakes of Naver and Kakao sign-in the server is pointed at (social-signin.e2e.ts). */
    naverFakeUrl: string;
    kakaoFakeUrl: string;
    /** Image edit's provider, the Seedream contract fake (image-edit.e2e.ts steers it at /__fake/outcome). */
    seedreamFakeUrl: string;
    /** Generation's provider, the Kling contract fake (steered at /__fake/outcome: "hang" keeps a task running). */
    klingFakeUrl: string;
    repoRoot: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  const dist = resolve(repoRoot, process.env.WEB_DIST_DIR ?? "apps/web/dist");
  if (!existsSync(join(dist, "index.html"))) {
    throw new Error("apps/web/dist is missing: run `npm run build` first (npm run test:e2e does).");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "gyeol-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const naver = await startNaverFake({ clientId: "e2e-naver", clientSecret: "e2e-naver-secret" });
  const kakao = await startKakaoFake({ clientId: "e2e-kakao" });
  // The prompt chat's model (chat.e2e.ts): the contract fake, slowed so the reply visibly streams.
  const chatModel = await startChatFake({ model: "e2e-chat", chunkDelayMs: 25 });
  // Reference-image generation's provider (generation.e2e.ts): results are the reference tinted.
  const kling = await startKlingFake(Buffer.alloc(0), { render: renderTinted });
  // Image edit's provider (image-edit.e2e.ts): results are the first picture recoloured.
  const seedream = await startSeedreamFake({ apiKey: "e2e-seedream", results: "recolour" });
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      WEB_DIST_DIR: dist,
      // E-mailed links (password reset) are built from it alone; the journeys open them.
      PUBLIC_ORIGIN: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      AUTH_RATE_LIMIT_MAX: "1000",
      NAVER_CLIENT_ID: "e2e-naver",
      NAVER_CLIENT_SECRET: "e2e-naver-secret",
      NAVER_AUTH_BASE_URL: naver.baseUrl,
      NAVER_API_BASE_URL: naver.baseUrl,
      KAKAO_CLIENT_ID: "e2e-kakao",
      KAKAO_AUTH_BASE_URL: kakao.baseUrl,
      KAKAO_API_BASE_URL: kakao.baseUrl,
      LLM_BASE_URL: chatModel.baseUrl,
      LLM_MODEL: chatModel.model,
      LLM_TEST_PROVIDER: "true",
      KLING_ACCESS_KEY: kling.accessKey,
      KLING_SECRET_KEY: kling.secretKey,
      KLING_BASE_URL: kling.baseUrl,
      KLING_POLL_INTERVAL_MS: "300",
      KLING_TEST_PROVIDER: "true",
      IMAGE_EDIT_PROVIDER: "seedream",
      SEEDREAM_API_KEY: "e2e-seedream",
      SEEDREAM_BASE_URL: seedream.baseUrl,
      IMAGE_EDIT_TEST_PROVIDER: "true",
      IMAGE_EDIT_MAX_RETRIES: "0",
      // Who runs the service (issue 30): the footer and the legal pages show these.
      ...E2E_OPERATOR,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(baseUrl, child, 60_000);
  project.provide("baseUrl", baseUrl);
  project.provide("dataDir", dataDir);
  project.provide("repoRoot", repoRoot);
  project.provide("naverFakeUrl", naver.baseUrl);
  project.provide("kakaoFakeUrl", kakao.baseUrl);
  project.provide("seedreamFakeUrl", seedream.baseUrl);
  project.provide("klingFakeUrl", kling.baseUrl);

  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (child.exitCode === null) child.kill("SIGKILL");
    await kling.close();
    await Promise.all([naver.close(), kakao.close(), chatModel.close(), seedream.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
