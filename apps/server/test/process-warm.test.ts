/**
 * The API role loads the upload classifier at start (process.ts). A load that fails is reported
 * as a warning (uploads try again), but one that fails because the process is stopping (the
 * engine thread closes under it: every short-lived process, a test server or a rolling restart
 * that stops within seconds of starting) is not a fault, and says nothing at warn level.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import type { ModerationDriver } from "../src/drivers/engines/moderation.ts";
import { startProcess } from "../src/process.ts";
import { waitFor } from "./helpers/retouch.ts";

describe("the classifier's load at start", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "gyeol-warm-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function startWithLoad() {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    let fail: (error: Error) => void = () => undefined;
    let asked = false;
    const moderation: ModerationDriver = {
      classify: () => Promise.reject(new Error("not used")),
      warm: () => {
        asked = true;
        return new Promise<void>((_resolve, reject) => {
          fail = reject;
        });
      },
    };
    const config = {
      ...loadConfig({
        ROLES: "api",
        HOST: "127.0.0.1",
        DATA_DIR: dir,
        DATABASE_URL: path.join(dir, "db.sqlite"),
      }),
      port: 0,
    };
    const running = await startProcess({
      config,
      logger: pino({ level: "debug" }, sink),
      drivers: { moderation },
    });
    await waitFor(async () => asked);
    return { running, lines, fail: (error: Error) => fail(error) };
  }
  const warnings = (lines: Array<{ level: number; msg: string }>) =>
    lines.filter((line) => line.level >= 40 && /moderation/.test(line.msg));

  it("warns when the load fails while the process runs", async () => {
    const { running, lines, fail } = await startWithLoad();
    fail(new Error("model file unreadable"));
    await waitFor(async () => warnings(lines).length > 0);
    expect(warnings(lines).map((line) => line.msg)).toEqual([
      "upload moderation did not load; uploads will try again",
    ]);
    await running.stop();
  });

  it("says nothing at warn level when the load fails because the process is stopping", async () => {
    const { running, lines, fail } = await startWithLoad();
    const stopped = running.stop();
    fail(new Error("the engine thread stopped: closed"));
    await stopped;
    await waitFor(async () => lines.some((line) => /before upload moderation had loaded/.test(line.msg)));
    expect(warnings(lines)).toEqual([]);
  });
});
