/**
 * Which phone Lighthouse's mobile profile emulates depends on the machine it runs on: it slows the
 * host's CPU down by a fixed 4×, and 4× was calibrated on a host of benchmark index about 1,533
 * (Lighthouse docs/throttling.md, "CPU throttling", which points to Patrick Hulce's calculator,
 * lighthouse-cpu-throttling-calculator, for the multiplier a host needs). On a slower host the
 * same 4× emulates a slower phone, and on a faster one a faster phone: bench:web read performance
 * 95–99 at index 2,439 and 72–89 at index 932–1,700 for one build (README "Web").
 *
 * The index is Lighthouse's own (core/lib/page-functions.js computeBenchmarkIndex: string building
 * and array copying for half a second each, in the page), so bench:web measures it the same way.
 */

/** Lighthouse's default mobile CPU slowdown. */
export const LIGHTHOUSE_CPU_SLOWDOWN = 4;

/**
 * The CPU slowdown Lighthouse's calculator gives a host of this benchmark index: 1× at 150,
 * 2× at 800, 3× at 1,300, 4× at 1,533, 6× at 2,000, linear between (and above 1,300 at 233 index
 * points per step). Below 150 no throttling is left to remove.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 150) return 1;
  const slowdown =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + (benchmarkIndex - 150) / 650;
  return Math.round(slowdown * 100) / 100;
}

/**
 * The CPU slowdown to run Lighthouse with, from BENCH_CPU: unset or "default" is Lighthouse's 4×;
 * "calibrated" is the calculator's figure for the host's measured index; a number is taken as is.
 * Anything else is an error, so a typo does not silently measure at 4×.
 */
export function cpuSlowdownFor(choice: string | undefined, benchmarkIndex: number): number {
  if (choice === undefined || choice === "" || choice === "default") return LIGHTHOUSE_CPU_SLOWDOWN;
  if (choice === "calibrated") return calibratedCpuSlowdown(benchmarkIndex);
  const given = Number(choice);
  if (Number.isFinite(given) && given >= 1) return given;
  throw new Error(`BENCH_CPU must be "default", "calibrated" or a slowdown of 1 or more, not "${choice}"`);
}
