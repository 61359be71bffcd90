import { describe, expect, it } from "vitest";
import { calibratedCpuSlowdown, cpuSlowdownFor, LIGHTHOUSE_CPU_SLOWDOWN } from "./lighthouse-cpu.ts";

describe("calibratedCpuSlowdown", () => {
  it("gives the calculator's anchor points", () => {
    expect(calibratedCpuSlowdown(150)).toBe(1);
    expect(calibratedCpuSlowdown(800)).toBe(2);
    expect(calibratedCpuSlowdown(1300)).toBe(3);
    expect(calibratedCpuSlowdown(1533)).toBe(4);
    expect(calibratedCpuSlowdown(1766)).toBe(5);
    expect(calibratedCpuSlowdown(2000)).toBe(6);
  });

  it("is linear between them and never below 1", () => {
    expect(calibratedCpuSlowdown(1050)).toBe(2.5);
    expect(calibratedCpuSlowdown(475)).toBe(1.5);
    expect(calibratedCpuSlowdown(100)).toBe(1);
    expect(calibratedCpuSlowdown(Number.NaN)).toBe(1);
  });

  it("rises with the host's speed", () => {
    let last = 0;
    for (let index = 100; index <= 3000; index += 50) {
      const slowdown = calibratedCpuSlowdown(index);
      expect(slowdown).toBeGreaterThanOrEqual(last);
      last = slowdown;
    }
  });
});

describe("cpuSlowdownFor", () => {
  it("keeps Lighthouse's 4x unless asked", () => {
    expect(cpuSlowdownFor(undefined, 900)).toBe(LIGHTHOUSE_CPU_SLOWDOWN);
    expect(cpuSlowdownFor("default", 2500)).toBe(LIGHTHOUSE_CPU_SLOWDOWN);
  });

  it("calibrates to the host, or takes a number", () => {
    expect(cpuSlowdownFor("calibrated", 1300)).toBe(3);
    expect(cpuSlowdownFor("2.5", 1300)).toBe(2.5);
  });

  it("refuses anything else", () => {
    expect(() => cpuSlowdownFor("calibrate", 1300)).toThrow(/BENCH_CPU/);
    expect(() => cpuSlowdownFor("0.5", 1300)).toThrow(/BENCH_CPU/);
  });
});
