/**
 * One service graph per process: ROLES=api,worker,cron builds one queue, one storage and one of
 * each engine, on the local queue and on BullMQ (TEST_REDIS_URL), and stop() releases every Redis
 * connection the process opened (counted with CLIENT LIST by the connections' names). The cron role
 * opens no Redis connection of its own and the api role one (`<prefix>:rate-limit`, the shared
 * rate limits): the process has one more than a lone worker.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Queue } from "bullmq";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createFaceEditEngine } from "../src/drivers/engines/create-face-edit-engine.ts";
import { createRetouchEngine } from "../src/drivers/engines/create-retouch-engine.ts";
import { createJobQueue } from "../src/drivers/queue/create-queue.ts";
import { createStorage } from "../src/drivers/storage/create-storage.ts";
import { type RunningProcess, startProcess } from "../src/process.ts";
import { waitFor } from "./helpers/retouch.ts";

// Count the drivers built, wherever in the process they are built.
vi.mock("../src/drivers/queue/create-queue.ts", async (load) => {
  const real = await load<typeof import("../src/drivers/queue/create-queue.ts")>();
  return { createJobQueue: vi.fn(real.createJobQueue) };
});
vi.mock("../src/drivers/storage/create-storage.ts", async (load) => {
  const real = await load<typeof import("../src/drivers/storage/create-storage.ts")>();
  return { ...real, createStorage: vi.fn(real.createStorage) };
});
vi.mock("../src/drivers/engines/create-retouch-engine.ts", async (load) => {
  const real = await load<typeof import("../src/drivers/engines/create-retouch-engine.ts")>();
  return { ...real, createRetouchEngine: vi.fn(real.createRetouchEngine) };
});
vi.mock("../src/drivers/engines/create-face-edit-engine.ts", async (load) => {
  const real = await load<typeof import("../src/drivers/engines/create-face-edit-engine.ts")>();
  return { ...real, createFaceEditEngine: vi.fn(real.createFaceEditEngine) };
});

const redisUrl = process.env.TEST_REDIS_URL;
const QUEUES = [{ name: "local" }, ...(redisUrl ? [{ name: "bullmq" }] : [])] as const;

describe.each(QUEUES)("one service graph per process on the $name queue", ({ name }) => {
  let dir: string;
  const running: RunningProcess[] = [];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gyeol-process-"));
    vi.clearAllMocks();
  });
  afterEach(async () => {
    for (const p of running.splice(0)) await p.stop();
    await rm(dir, { recursive: true, force: true });
  });

  async function start(roles: string, prefix: string) {
    const loaded = loadConfig({
      ROLES: roles,
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      DATABASE_URL: path.join(dir, `${prefix}.sqlite`),
      ...(name === "bullmq" ? { REDIS_URL: redisUrl } : {}),
    });
    const config = { ...loaded, port: 0 }; // any free port
    const p = await startProcess({ config, logger: pino({ level: "silent" }), redisPrefix: prefix });
    running.push(p);
    return p;
  }

  it("builds each driver once for api, worker and cron together, and the api answers", async () => {
    const p = await start("api,worker,cron", `gyeol-graph-${randomBytes(4).toString("hex")}`);
    expect(vi.mocked(createJobQueue)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createStorage)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createRetouchEngine)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(createFaceEditEngine)).toHaveBeenCalledTimes(1);
    expect(p.services.queue.driver).toBe(name);
    const health = await p.app!.inject({ method: "GET", url: "/healthz" });
    expect(health.statusCode).toBe(200);
  });

  it.skipIf(name !== "bullmq")(
    "closes every Redis connection it opened; cron opens none and api one (its rate limits)",
    async () => {
      const probe = new Queue("probe", {
        connection: { url: redisUrl!, maxRetriesPerRequest: null },
        prefix: `gyeol-probe-${randomBytes(4).toString("hex")}`,
      });
      const client = await probe.client;
      const clientsNamed = async (prefix: string) =>
        String(await client.runCommand("client", ["LIST"]))
          .split("\n")
          .filter((line) => new RegExp(` name=${prefix}(:| |$)`).test(line)).length;
      /** The count once it has stopped growing (connections open asynchronously). */
      async function settledCount(prefix: string) {
        let last = -1;
        let same = 0;
        await waitFor(async () => {
          const n = await clientsNamed(prefix);
          same = n === last && n > 0 ? same + 1 : 0;
          last = n;
          return same >= 8;
        }, 20_000);
        return last;
      }
      try {
        const allPrefix = `gyeol-graph-${randomBytes(4).toString("hex")}`;
        const all = await start("api,worker,cron", allPrefix);
        const allCount = await settledCount(allPrefix);
        const workerPrefix = `gyeol-graph-${randomBytes(4).toString("hex")}`;
        const worker = await start("worker", workerPrefix);
        // The api role adds one connection of its own, the shared rate limits' (issue 28).
        expect(allCount).toBe((await settledCount(workerPrefix)) + 1);
        expect(await clientsNamed(`${allPrefix}:rate-limit`)).toBe(1);

        await all.stop();
        await worker.stop();
        await waitFor(async () => (await clientsNamed(allPrefix)) === 0, 10_000);
        expect(await clientsNamed(allPrefix)).toBe(0);
        expect(await clientsNamed(workerPrefix)).toBe(0);
      } finally {
        await probe.close();
      }
    },
  );
});
