/**
 * npm run bench:loop — how long the caller's event loop stalls while the engine works, run on the
 * caller's thread (the baseline: how the server ran it before) and in the engine thread
 * (thread/engine-thread.ts, how it runs now). Same process, same 1024² portrait, same calls:
 * three retouch jobs at ×1 and ×2, an upload check (NSFW) and a regions overlay each.
 *
 * A 5 ms timer measures the loop: its lag is how late each tick fires, which is what every other
 * request on the server waits. Models are loaded on both sides before timing starts.
 * The last line: `loop_max_lag_ratio=<thread/direct> loop_p99_lag_ratio=<…> wall_ratio=<…>`.
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

const here = path.dirname(fileURLToPath(import.meta.url));
const portrait = readFileSync(path.join(here, "fixtures", "portrait-1024.jpg"));
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
  for (const scale of [1, 2, 1]) {
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
await warmNsfwModel();
await Promise.all([direct.retouch(portrait, job(2)), direct.overlay(portrait)]);
await thread.warmNsfw();
await Promise.all([threaded.retouch(portrait, job(2)), threaded.overlay(portrait)]);

const a = await measure(direct);
const b = await measure(threaded);
const line = (name: string, r: Awaited<ReturnType<typeof measure>>) =>
  print(
    `${name.padEnd(22)} wall ${(r.wallMs / 1000).toFixed(2)} s  loop lag max ${r.maxLagMs.toFixed(0)} ms  p99 ${r.p99LagMs.toFixed(0)} ms  (${r.ticks} ticks)`,
  );
line("on the caller's thread", a);
line("in the engine thread", b);
const ratio = (x: number, y: number) => (y > 0 ? x / y : 0).toFixed(3);
print(
  `loop_max_lag_ratio=${ratio(b.maxLagMs, a.maxLagMs)} loop_p99_lag_ratio=${ratio(b.p99LagMs, a.p99LagMs)} wall_ratio=${ratio(b.wallMs, a.wallMs)}`,
);
await thread.close();
await closeSrPools();
