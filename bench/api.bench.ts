/**
 * npm run bench:api — the read paths the retouch page hammers while it polls (spec 02 §4.1):
 * GET /api/image/status/{jobId} and GET /api/image/history/{userId}, with a session cookie, against
 * a bare Fastify route (`{ ok: true }`, no auth, no database) served by the same process in the
 * same run. autocannon drives each for BENCH_SECONDS at BENCH_CONNECTIONS connections from a worker
 * thread. Targets (issue 29): status ≥ 0.5× the bare route's requests/s and status p99 ≤ 2× the
 * bare route's p99, at 500 connections in the same run; history at least twice the issue's
 * requests/s, judged against the bare route of the same run (the issue's machine served bare
 * Fastify 5.7× faster than some machines this runs on). The app logs as production does (pino at
 * info, synchronous writes; to /dev/null here). The last line is machine-readable:
 * `status_vs_bare=<ratio> p99_ms=<n> p99_vs_bare=<ratio> history_rps=<n> history_vs_bare=<ratio>`.
 *
 * Timeouts: when a phase's route costs the server thread much more than the bare one (status
 * ~130 µs, history ~220 µs on a slow 2-core machine), Node leaves some of the 500 connections in
 * the kernel's accept queue for the whole phase, and autocannon reports each as a timeout. That is
 * Node under saturation, not the app: a plain node:http server whose handler spins 100 µs accepts
 * 395 of 500 connections in 10 s (78 timeouts), and spinning 60 µs in the bare route gives it 76.
 * Rounds: one pair of 10-second phases reads status/bare anywhere from 0.48 to 0.66 on the same
 * code and machine (the bare route's own p99 moved 19–28 ms between runs), so the bare and status
 * phases run BENCH_ROUNDS times (default 3), in alternating order (bare first, then status first,
 * …) so a machine warming up or slowing down weighs on both. Each round's ratios compare phases
 * run back to back; the targets are judged on the median round's, and every round is printed.
 * BENCH_SMOKE=1 (bench/smoke.test.ts, in CI): one round of 1 s phases at 10 connections over 3
 * history rows, no targets; any non-2xx answer fails it (so does a crash), as it does the full run.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Fastify from "fastify";
import { pino } from "pino";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { openDatabase } from "../apps/server/src/drivers/db/database.ts";
import { fileKeyFor } from "../apps/server/src/drivers/storage/storage.ts";

const SMOKE = process.env.BENCH_SMOKE === "1";
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 1 : 10));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (SMOKE ? 10 : 500));
const HISTORY_ROWS = SMOKE ? 3 : 60;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 3)));
/**
 * BENCH_ONLY=status (or bare, history, light; several with commas) runs only those phases, for a
 * CPU profile of just that path.
 */
const ONLY = process.env.BENCH_ONLY?.split(",");
const print = (line: string) => process.stdout.write(`${line}\n`);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** CPU the server's thread spent per answered request (user + system), where Linux tells. */
  cpuUsPerRequest: number | null;
}

/**
 * CPU time of this process's main thread (the server's; autocannon runs in a worker), in µs, from
 * /proc on Linux; null elsewhere. process.cpuUsage() would count the load generator too.
 */
function serverThreadCpuUs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? (ticks * 1e6) / CLOCK_TICKS_PER_SECOND : null;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * History's requests/s against the bare route's on the issue's machine (3,852 / 67,685 req/s,
 * issue 29): its "at least twice today's requests/s" is twice this share of the bare route.
 */
const ISSUE_HISTORY_VS_BARE = 3852 / 67685;

/** A lighter load, reported beside the target: how much of the p99 is queueing at 500 connections. */
const LIGHT_CONNECTIONS = SMOKE ? 5 : 100;

function hammer(
  url: string,
  headers: Record<string, string> = {},
  connections = CONNECTIONS,
): Promise<Figures> {
  const cpuBefore = serverThreadCpuUs();
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: SECONDS, headers, workers: 1 }, (error, result) => {
      if (error) return reject(error);
      const cpuAfter = serverThreadCpuUs();
      resolve({
        cpuUsPerRequest:
          cpuBefore === null || cpuAfter === null || result.requests.total === 0
            ? null
            : (cpuAfter - cpuBefore) / result.requests.total,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One phase's figures over the rounds: the median of each measure, the sum of each count. */
function medianFigures(runs: readonly Figures[]): Figures {
  const cpu = runs.map((f) => f.cpuUsPerRequest).filter((v): v is number => v !== null);
  return {
    rps: median(runs.map((f) => f.rps)),
    p50: median(runs.map((f) => f.p50)),
    p99: median(runs.map((f) => f.p99)),
    errors: runs.reduce((sum, f) => sum + f.errors, 0),
    timeouts: runs.reduce((sum, f) => sum + f.timeouts, 0),
    non2xx: runs.reduce((sum, f) => sum + f.non2xx, 0),
    cpuUsPerRequest: cpu.length === runs.length ? median(cpu) : null,
  };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), "gyeol-bench-"));
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: "info",
    WEB_DIST_DIR: path.join(dir, "none"),
    AUTH_RATE_LIMIT_MAX: "1000000",
    ROLES: "api",
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db.kysely, db.dialect);
  // Production's logger (main.ts: pino at LOG_LEVEL, default info, synchronous writes to stdout),
  // writing to /dev/null: what the server logs per request is part of what a request costs.
  const logger = pino({ level: config.logLevel }, pino.destination({ dest: "/dev/null", sync: true }));
  const app = await buildApp({ config, db, logger });
  const bare = Fastify();
  bare.get("/bare", async () => ({ ok: true }));

  try {
    const origin = await app.listen({ host: "127.0.0.1", port: 0 });
    const bareOrigin = await bare.listen({ host: "127.0.0.1", port: 0 });

    // A user with a finished job and a page of history.
    const signUp = await fetch(`${origin}/api/auth/register`, {
      method: "POST",
      // Writes must name this site (http/origin-check.ts), as a browser's would.
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({
        name: "Bench",
        email: "bench@example.com",
        password: "bench password 1",
        ageConfirmed: true,
      }),
    });
    const cookie = (signUp.headers.get("set-cookie") ?? "").split(";")[0]!;
    const userId = ((await signUp.json()) as { id: number }).id;
    const { store } = app.services;
    const now = new Date().toISOString();
    let jobId = "";
    for (let i = 0; i < HISTORY_ROWS; i++) {
      const id = randomUUID();
      const id32 = id.replaceAll("-", "");
      const inputKey = fileKeyFor("private", `uploads/${userId}`, id32, "jpg");
      const imageKey = fileKeyFor("private", `results/${userId}`, id32, "jpg");
      const thumbnailKey = fileKeyFor("private", `thumbs/${userId}`, id32, "jpg");
      await store.jobs.insert({
        id,
        user_id: userId,
        tool: "upscale",
        input: JSON.stringify({ inputKey, input: {} }),
        cost: 80,
        provider: "builtin",
        created_at: now,
      });
      await store.jobs.claim(id, now);
      const output = { imageKey, thumbnailKey, facesFound: 1, identityScore: 0.98, engine: "builtin" };
      await store.jobs.finish(id, "completed", { output: JSON.stringify(output) }, new Date().toISOString());
      await store.images.insertImage({
        user_id: userId,
        job_id: id,
        source: "upscale",
        original_image_url: inputKey,
        prompt: "portrait",
        seed: i + 1,
        created_at: now,
      });
      await store.images.completeImage(
        id,
        { imageKeys: [imageKey], thumbnailKey, providerTaskId: null },
        now,
      );
      jobId = id;
    }
    const statusUrl = `${origin}/api/image/status/${jobId}`;
    const check = await fetch(statusUrl, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`status answered ${check.status}: ${await check.text()}`);

    print(
      `api bench: ${os.cpus().length} cores, node ${process.version}, ${CONNECTIONS} connections, ${SECONDS} s each, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    const skipped: Figures = {
      rps: Number.NaN,
      p50: Number.NaN,
      p99: Number.NaN,
      errors: 0,
      timeouts: 0,
      non2xx: 0,
      cpuUsPerRequest: null,
    };
    const phase = (name: string, run: () => Promise<Figures>) =>
      !ONLY || ONLY.includes(name) ? run() : Promise.resolve(skipped);
    // Bare and status alternate which goes first, round by round (see the header).
    const rounds: Array<{ bare: Figures; status: Figures }> = [];
    const runBare = () => phase("bare", () => hammer(`${bareOrigin}/bare`));
    const runStatus = () => phase("status", () => hammer(statusUrl, { cookie }));
    for (let round = 0; round < ROUNDS; round++) {
      if (round % 2 === 0) {
        const bare = await runBare();
        rounds.push({ bare, status: await runStatus() });
      } else {
        const status = await runStatus();
        rounds.push({ bare: await runBare(), status });
      }
    }
    const bareFigures = medianFigures(rounds.map((r) => r.bare));
    const status = medianFigures(rounds.map((r) => r.status));
    const history = await phase("history", () =>
      hammer(`${origin}/api/image/history/${userId}?source=upscale&limit=25`, { cookie }),
    );
    const light = await phase("light", () => hammer(statusUrl, { cookie }, LIGHT_CONNECTIONS));
    const line = (name: string, f: Figures) =>
      `${name.padEnd(8)} ${Math.round(f.rps).toString().padStart(6)} req/s  p50 ${f.p50} ms  p99 ${f.p99} ms  errors ${f.errors} (timeouts ${f.timeouts})  non-2xx ${f.non2xx}${f.cpuUsPerRequest === null ? "" : `  server CPU ${f.cpuUsPerRequest.toFixed(0)} µs/req`}`;
    // autocannon reports whole milliseconds: a bare p99 of 0 ms counts as 1.
    const roundRatios = rounds.map((r) => ({
      rps: r.status.rps / r.bare.rps,
      p99: r.status.p99 / Math.max(1, r.bare.p99),
    }));
    if (rounds.length > 1)
      for (const [i, r] of rounds.entries())
        print(
          `round ${i + 1}  bare ${Math.round(r.bare.rps)} req/s p99 ${r.bare.p99} ms, status ${Math.round(r.status.rps)} req/s p99 ${r.status.p99} ms: status/bare ${roundRatios[i]!.rps.toFixed(3)}, p99 ${roundRatios[i]!.p99.toFixed(2)}x${i % 2 ? " (status first)" : ""}`,
        );
    const medianNote = rounds.length > 1 ? ` (median of ${rounds.length} rounds)` : "";
    print(line("bare", bareFigures) + medianNote);
    print(line("status", status) + medianNote);
    print(line("history", history));
    print(`${line("status", light)}  (${LIGHT_CONNECTIONS} connections, for comparison)`);
    const ratio = median(roundRatios.map((r) => r.rps));
    const p99Ratio = median(roundRatios.map((r) => r.p99));
    const historyRatio = history.rps / bareFigures.rps;
    if (SMOKE) print("targets  not judged in smoke mode");
    else
      print(
        `targets  status/bare ${ratio.toFixed(3)} >= 0.5: ${ratio >= 0.5 ? "met" : "MISSED"}; status p99 <= 2x bare p99: ${p99Ratio.toFixed(2)}x${rounds.length > 1 ? " in the median round" : ""} (${status.p99} ms against ${bareFigures.p99} ms): ${p99Ratio <= 2 ? "met" : "MISSED"}; history/bare ${historyRatio.toFixed(3)} >= 2x the issue's ${ISSUE_HISTORY_VS_BARE.toFixed(3)}: ${historyRatio >= 2 * ISSUE_HISTORY_VS_BARE ? "met" : "MISSED"}`,
      );
    print(
      `status_vs_bare=${ratio.toFixed(3)} p99_ms=${status.p99} p99_vs_bare=${p99Ratio.toFixed(2)} history_rps=${Math.round(history.rps)} history_vs_bare=${historyRatio.toFixed(3)}`,
    );
    // A phase whose answers were refused measured nothing: the bench is broken, whatever the speed.
    const refused = [...rounds.flatMap((r) => [r.bare, r.status]), history, light].reduce(
      (sum, f) => sum + f.non2xx,
      0,
    );
    if (refused > 0) throw new Error(`${refused} answers were not 2xx: the bench no longer matches the API`);
  } finally {
    await bare.close();
    await app.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
