/**
 * One side of `npm run bench:memory`, in its own process so its peak RSS is its own: the server's
 * own upload check (image-checks.ts with the built-in classifier on the uploads thread) and its
 * own retouch job (retouch.job.ts with the built-in engine on the jobs thread, result and
 * thumbnail written to local storage), as a worker in one-process mode runs them.
 *
 *   baseline  an ordinary upload (the 1024² fixture portrait), checked and retouched RUNS times
 *   hostile   the largest upload the check accepts, found by offering it the candidates from the
 *             largest down (a size it refuses costs a header read), checked and retouched RUNS times
 *
 * Both first warm up (the classifier and the face models load, as after a server's first job), so
 * the baseline is what the process needs anyway. Prints one JSON line.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { JobRow } from "../apps/server/src/db/schema.ts";
import { createBuiltinRetouchEngine } from "../apps/server/src/drivers/engines/builtin-retouch-engine.ts";
import { builtinModeration } from "../apps/server/src/drivers/engines/moderation.ts";
import { createLocalStorage } from "../apps/server/src/drivers/storage/local-storage.ts";
import { systemClock } from "../apps/server/src/lib/clock.ts";
import { checkToolImage } from "../apps/server/src/modules/images/image-checks.ts";
import { createRetouchJob, type TRetouchPayload } from "../apps/server/src/modules/retouch/retouch.job.ts";
import { closeEngineThread } from "../packages/engine/src/thread/engine-thread.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";

const [phase, warmupPath, ...candidatePaths] = process.argv.slice(2);
if ((phase !== "baseline" && phase !== "hostile") || !warmupPath || candidatePaths.length === 0)
  throw new Error("usage: upload-memory.phase.ts baseline|hostile <warm-up image> <candidate>...");

/** The server's default UPLOAD_MAX_PIXELS (config.ts): what the check is offered. */
const UPLOAD_MAX_PIXELS = 50_000_000;
/** BENCH_SMOKE=1 (upload-memory.bench.ts): once, to prove the bench still runs. */
const RUNS = process.env.BENCH_SMOKE === "1" ? 1 : 3;
const mb = (bytes: number) => bytes / (1024 * 1024);
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gyeol-bench-memory-"));
const storage = createLocalStorage({
  root: dir,
  secret: "bench-secret-bench-secret-bench",
  clock: systemClock,
});
const engine = createBuiltinRetouchEngine({ maxPixels: UPLOAD_MAX_PIXELS });
const retouch = createRetouchJob({ storage, engine, publicOrigin: undefined });

/** The heaviest job the tool offers at the input's own size: makeup style, fair-skin filter, both exclusions. */
function payloadFor(inputKey: string, width: number, height: number): TRetouchPayload {
  return {
    inputKey,
    input: {
      image: inputKey,
      seed: 1234,
      prompt: "professional portrait photography",
      output_format: "jpg",
      output_quality: 100,
      lora_index: 0,
      numImages: 1,
      width,
      height,
      scale_factor: 1,
      upper_lip: false,
      lower_lip: false,
      filter_strength: 0.5,
      filter_index: 1,
      filter_prompt: "asle",
      left_eyebrow: false,
      right_eyebrow: false,
      nose: false,
      hair: false,
      exclude_background: true,
      exclude_outfit: true,
    },
  };
}

async function checkAndRetouch(bytes: Buffer) {
  const checked = await checkToolImage(bytes, {
    moderation: builtinModeration,
    maxPixels: UPLOAD_MAX_PIXELS,
  });
  const inputKey = await storage.put({
    visibility: "private",
    folder: "uploads/1",
    extension: checked.type.extension,
    contentType: checked.type.mime,
    bytes,
  });
  const job = { id: randomUUID(), user_id: 1, provider_job_id: null } as unknown as JobRow;
  await retouch.handle({
    job,
    payload: payloadFor(inputKey, checked.width, checked.height),
    signal: new AbortController().signal,
    setProviderJobId: async () => {},
    reportProgress: () => {},
  });
  return checked;
}

// Warm-up on an ordinary upload: the classifier and the face models load once per process.
await builtinModeration.warm?.();
// (Smoke mode skips the retouch: the figures mean nothing there.)
if (process.env.BENCH_SMOKE !== "1") await checkAndRetouch(fs.readFileSync(warmupPath));
const idleRssMb = mb(process.memoryUsage().rss);
const warmPeakMb = peakRssMb();

let input: Buffer | undefined;
let size = "";
for (const candidate of candidatePaths) {
  const bytes = fs.readFileSync(candidate);
  try {
    const checked = await checkToolImage(bytes, {
      moderation: builtinModeration,
      maxPixels: UPLOAD_MAX_PIXELS,
    });
    input = bytes;
    size = `${checked.width}x${checked.height}`;
    break;
  } catch (error) {
    if ((error as { code?: string }).code !== "IMAGE_TOO_LARGE") throw error;
  }
}
if (!input) throw new Error("the check accepted none of the candidates");

const started = performance.now();
for (let run = 0; run < RUNS; run++) await checkAndRetouch(input);
const msPerRun = (performance.now() - started) / RUNS;

await closeEngineThread();
await closeSrPools();
fs.rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${JSON.stringify({ phase, size, runs: RUNS, msPerRun, idleRssMb, warmPeakMb, peakRssMb: peakRssMb() })}\n`,
);
process.exit(0);
