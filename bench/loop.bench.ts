/**
 * npm run bench:loop — how long the caller's event loop stalls while the engine works, run on the
 * caller's thread (the baseline: how the server ran it before) and in the engine thread
 * (thread/engine-thread.ts, how it runs now). Same process, same 1024² portrait, same calls:
 * three retouch jobs at ×1 and ×2, an upload check (NSFW) and a regions overlay each.
 *
 * A 5 ms timer measures the loop: its lag is how late each tick fires, which is what every other
 * request on the server waits. Models are loaded on both sides before timing starts.
 *
 * Then the upload check a person waits on while a job is retouched: NSFW checks one after another
 * during a ×1 retouch, first with both in one engine thread, then on their own lanes (uploads and
 * jobs threads, as the server runs them); the slowest check of each is printed.
 * The last line: `loop_max_lag_ratio=<thread/direct> loop_p99_lag_ratio=<…> wall_ratio=<…>
 * upload_check_ratio=<lanes/one thread>`.
 * BENCH_SMOKE=1 (bench/smoke.test.ts, in CI): the portrait shrunk to 256 px, one ×1 job a side,
 * one upload-check run: seconds, to prove the bench still runs (the figures mean nothing then).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { classifyNsfw, warmNsfwModel } from "@gyeol/engine/nsfw";
import { renderRegionsOverlay } from "@gyeol/engine/overlay";
import { type RetouchJob, retouchJob, retouchPortrait } from "@gyeol/engine/retouch";
import { EngineThread } from "@gyeol/engine/thread/engine-thread";
import { closeSrPools } from "@gyeol/engine/upscale/pool";
import sharp from "sharp";

const SMOKE = process.env.BENCH_SMOKE === "1";
const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = readFileSync(path.join(here, "fixtures", "portrait-1024.jpg"));
const portrait = SMOKE ? await sharp(fixture).resize(256, 256).jpeg({ quality: 95 }).toBuffer() : fixture;
/** The jobs each side runs (×1, ×2, ×1), and how many upload-check runs: fewer in smoke mode. */
const SCALES = SMOKE ? [1] : [1, 2, 1];
const CHECK_RUNS = SMOKE ? 1 : 3;
const TICK_MS = 5;

const job = (scale: number) =>
  retouchJob({ scale_factor: scale, upper_lip: true, hair: true, filter_strength: 0.3 });

interface EngineCalls {
  retouch(input: Buffer, job: RetouchJob): Promise<unknown>;
  nsfw(input: Buffer): Promise<unknown>;
  overlay(input: Buffer): Promise<unknown>;
}

/** Runs the workload while a timer measures how late the loop answers. */
async function measure(calls: EngineCalls) {
  const lags: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lags.push(Math.max(0, now - last - TICK_MS));
    last = now;
  }, TICK_MS);
  const started = performance.now();
  for (const scale of SCALES) {
    await Promise.all([calls.retouch(portrait, job(scale)), calls.nsfw(portrait), calls.overlay(portrait)]);
  }
  const wallMs = performance.now() - started;
  clearInterval(timer);
  lags.sort((a, b) => a - b);
  return {
    wallMs,
    maxLagMs: lags.at(-1) ?? 0,
    p99LagMs: lags[Math.floor(lags.length * 0.99)] ?? 0,
    ticks: lags.length,
  };
}

const direct: EngineCalls = {
  retouch: (input, j) => retouchPortrait(input, j),
  nsfw: (input) => classifyNsfw(input),
  overlay: (input) => renderRegionsOverlay(input),
};
const thread = new EngineThread();
const threaded: EngineCalls = {
  retouch: (input, j) => thread.retouchPortrait(input, j),
  nsfw: (input) => thread.classifyNsfw(input),
  overlay: (input) => thread.renderRegionsOverlay(input),
};

const print = (line: string) => process.stdout.write(`${line}\n`);
print(
  `loop bench on ${os.cpus().length} cores, node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`,
);

// Load every model on both sides (and the upscale pools) before anything is timed.
// (Smoke mode skips this: its figures mean nothing, and the models load on first use anyway.)
if (!SMOKE) {
  await warmNsfwModel();
  await Promise.all([direct.retouch(portrait, job(2)), direct.overlay(portrait)]);
  await thread.warmNsfw();
  await Promise.all([threaded.retouch(portrait, job(2)), threaded.overlay(portrait)]);
}

/**
 * The slowest of the NSFW checks one uploader makes, one after another, while `retouchOn`
 * retouches the portrait (one at a time, so the checks never queue behind each other).
 */
async function slowestCheckDuringRetouch(retouchOn: EngineThread, checkOn: EngineThread) {
  let slowest = 0;
  let running = true;
  const retouch = retouchOn.retouchPortrait(portrait, job(1)).finally(() => {
    running = false;
  });
  while (running) {
    const sent = performance.now();
    await checkOn.classifyNsfw(portrait);
    slowest = Math.max(slowest, performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await retouch;
  return slowest;
}

const a = await measure(direct);
const b = await measure(threaded);
const jobsLane = new EngineThread();
if (!SMOKE) await jobsLane.retouchPortrait(portrait, job(1)); // load its models before timing
let oneThreadMs = 0;
let lanesMs = 0;
for (let run = 0; run < CHECK_RUNS; run++) {
  oneThreadMs = Math.max(oneThreadMs, await slowestCheckDuringRetouch(thread, thread));
  lanesMs = Math.max(lanesMs, await slowestCheckDuringRetouch(jobsLane, thread));
}
const line = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
  print(
    `${name.padEnd(22)} wall ${(r.wallMs / 1000).toFixed(2)} s  loop lag max ${r.maxLagMs.toFixed(0)} ms  p99 ${r.p99LagMs.toFixed(0)} ms  (${r.ticks} ticks)`,
  );
line("on the caller's thread", a);
line("in the engine thread", b);
print(
  `upload check during a retouch, slowest of ${CHECK_RUNS} runs: one engine thread ${oneThreadMs.toFixed(0)} ms, own lanes ${lanesMs.toFixed(0)} ms`,
);
const ratio = (x: number, y: number) => (y > 0 ? x / y : 0).toFixed(3);
print(
  `loop_max_lag_ratio=${ratio(b.maxLagMs, a.maxLagMs)} loop_p99_lag_ratio=${ratio(b.p99LagMs, a.p99LagMs)} wall_ratio=${ratio(b.wallMs, a.wallMs)} upload_check_ratio=${ratio(lanesMs, oneThreadMs)}`,
);
await thread.close();
await jobsLane.close();
await closeSrPools();
