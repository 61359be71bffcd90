/**
 * npm run bench:memory — peak RSS of hostile uploads (issue 11: 2,026 MB against a 460 MB
 * baseline while a 49-megapixel upload was retouched again and again). Two processes, same code,
 * same run (upload-memory.phase.ts):
 *
 *   baseline  an ordinary upload, the 1024² fixture portrait, checked and retouched 3 times
 *   hostile   the largest upload the server's check accepts (offered 7071² — 50 MP, the default
 *             UPLOAD_MAX_PIXELS — and smaller squares down to 3000²), checked and retouched 3 times
 *
 * Every job is the heaviest the tool offers at that size (makeup style, fair-skin filter, background
 * and outfit excluded, ×1: a larger scale is refused for images this big). The candidates are made
 * here, outside the measured processes. Target: hostile peak ≤ 2× the baseline's. The last line is
 * machine-readable.
 * BENCH_SMOKE=1 (bench/smoke.test.ts, in CI): the portrait shrunk to 256 px as the ordinary upload
 * and a 512² "largest" one, each checked and retouched once, no target: seconds, to prove the bench
 * still runs.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const here = path.dirname(fileURLToPath(import.meta.url));
const portraitPath = path.join(here, "fixtures", "portrait-1024.jpg");
const SMOKE = process.env.BENCH_SMOKE === "1";
const CANDIDATE_SIDES = SMOKE ? [512] : [7071, 6000, 5000, 4096, 4000, 3000];
const TARGET_RATIO = 2;

interface PhaseResult {
  phase: string;
  size: string;
  runs: number;
  msPerRun: number;
  idleRssMb: number;
  warmPeakMb: number;
  peakRssMb: number;
}

function runPhase(args: string[]): PhaseResult {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", path.join(here, "upload-memory.phase.ts"), ...args],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 20 },
  );
  return JSON.parse(out.trim().split("\n").pop() ?? "{}") as PhaseResult;
}

const print = (line: string) => process.stdout.write(`${line}\n`);
print(
  `upload memory bench on ${os.cpus().length} cores, node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}`,
);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gyeol-bench-candidates-"));
try {
  // The portrait enlarged to each size, as a camera JPEG would arrive (the face stays findable).
  const candidates: string[] = [];
  for (const side of CANDIDATE_SIDES) {
    const file = path.join(dir, `portrait-${side}.jpg`);
    await sharp(portraitPath).resize(side, side).jpeg({ quality: 90 }).toFile(file);
    candidates.push(file);
  }
  let ordinary = portraitPath;
  if (SMOKE) {
    ordinary = path.join(dir, "portrait-256.jpg");
    await sharp(portraitPath).resize(256, 256).jpeg({ quality: 90 }).toFile(ordinary);
  }
  const baseline = runPhase(["baseline", ordinary, ordinary]);
  const hostile = runPhase(["hostile", ordinary, ...candidates]);
  const ratio = hostile.peakRssMb / baseline.peakRssMb;
  const line = (label: string, what: string, r: PhaseResult) =>
    print(
      `${label} ${what} ${r.size} checked and retouched ${r.runs}x: peak RSS ${Math.round(r.peakRssMb)} MB ` +
        `(after warm-up ${Math.round(r.idleRssMb)} MB), ${(r.msPerRun / 1000).toFixed(1)} s a run`,
    );
  line("baseline ", "ordinary upload", baseline);
  line("hostile  ", "largest accepted upload", hostile);
  if (SMOKE) print("target    not judged in smoke mode");
  else
    print(
      `target    hostile/baseline peak ${ratio.toFixed(2)} <= ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? "met" : "MISSED"}`,
    );
  print(
    `memory_ratio=${ratio.toFixed(2)} hostile_peak_mb=${Math.round(hostile.peakRssMb)} baseline_peak_mb=${Math.round(baseline.peakRssMb)} hostile_size=${hostile.size}`,
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
