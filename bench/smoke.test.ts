/**
 * Benchmarks are code (issue 29): every bench/*.bench.ts runs here in its smoke mode
 * (BENCH_SMOKE=1: tiny inputs, one run, no thresholds), so an API change that breaks one fails
 * `npm run test:unit` instead of rotting until someone next measures. Each must exit 0 and end
 * with its machine-readable line, every figure in it a number. The figures themselves mean
 * nothing at these sizes; the full runs (npm run bench:*) are for measuring.
 */
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const here = import.meta.dirname;
const root = path.resolve(here, "..");

/** Each bench and the figures its last line must carry. */
const BENCHES: Record<string, readonly string[]> = {
  api: ["status_vs_bare", "p99_ms", "p99_vs_bare", "history_rps", "history_vs_bare"],
  engine: ["retouch_vs_naive", "peak_rss_mb", "psnr_gain_db"],
  "face-edit": ["face_edit_ms", "face_edit_vs_retouch_1x"],
  loop: ["loop_max_lag_ratio", "loop_p99_lag_ratio", "wall_ratio", "upload_check_ratio"],
  moderation: ["median_ratio", "added_median_ms", "added_p95_ms"],
  soak: ["errors", "worst_p99_ms", "max_rss_slope_mb_min", "requests", "jobs"],
  "upload-memory": ["memory_ratio", "hostile_peak_mb", "baseline_peak_mb"],
  web: ["bytes", "lcp_ms", "cls", "tbt_ms", "perf", "a11y", "bp", "seo", "host_index", "cpu"],
};

/** One bench's slowest smoke run on a busy 2-core machine is about 40 s. */
const BENCH_TIMEOUT_MS = 150_000;

function runSmoke(name: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, BENCH_SMOKE: "1" };
  // The test runner's settings are not the bench's: a bench runs as `npm run bench:*` would.
  for (const key of [
    "NODE_ENV",
    "BENCH_ONLY",
    "BENCH_SECONDS",
    "BENCH_CONNECTIONS",
    "BENCH_RUNS",
    "BENCH_ROUNDS",
    "BENCH_CPU",
    "SOAK_SECONDS",
    "SOAK_USERS",
    "SOAK_SETUPS",
    "SOAK_WARMUP_SECONDS",
    "SOAK_THINK_MS",
    "SOAK_RETOUCH_PER_MIN",
  ])
    delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(here, `${name}.bench.ts`)], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** `a=1 b=2` and `/:a=1,b=2` alike: every key=value pair of a line. */
function figuresOf(line: string): Map<string, string> {
  return new Map([...line.matchAll(/([a-z0-9_]+)=([^\s,]+)/g)].map((m) => [m[1]!, m[2]!]));
}

describe("bench smoke runs", () => {
  it("covers every bench in bench/", () => {
    const found = readdirSync(here)
      .filter((file) => file.endsWith(".bench.ts"))
      .map((file) => file.replace(/\.bench\.ts$/, ""))
      .sort();
    expect(found).toEqual(Object.keys(BENCHES).sort());
  });

  for (const [name, keys] of Object.entries(BENCHES)) {
    it(
      `${name} runs in smoke mode and reports its figures`,
      async () => {
        const { code, stdout, stderr } = await runSmoke(name);
        const output = `${stdout}\n${stderr}`.trim();
        expect(code, `bench:${name} exited ${code}:\n${output.slice(-3000)}`).toBe(0);
        const last = stdout.trim().split("\n").pop() ?? "";
        const figures = figuresOf(last);
        for (const key of keys) {
          const value = figures.get(key);
          expect(value, `bench:${name} last line lacks ${key}: ${last}`).toBeDefined();
          expect(Number.isFinite(Number(value)), `bench:${name} ${key}=${value} is not a number`).toBe(true);
        }
      },
      BENCH_TIMEOUT_MS,
    );
  }
});
