import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatNumber, toSeoulDay } from "./dates.ts";

describe("dates in Asia/Seoul", () => {
  it("shows a UTC evening as the next day in Seoul", () => {
    expect(toSeoulDay("2024-12-31T16:00:00Z")).toBe("2025-01-01");
    expect(toSeoulDay("2024-12-31T14:59:59Z")).toBe("2024-12-31");
  });

  it("formats the Seoul date in both languages", () => {
    const date = "2024-12-31T16:30:00Z";
    expect(formatDate(date, "en")).toBe("01/01/2025");
    expect(formatDate(date, "ko").replace(/\s/g, "")).toBe("2025.01.01.");
  });

  it("shows the Seoul wall-clock time", () => {
    expect(formatDateTime("2024-06-01T00:05:00Z", "en")).toContain("09:05");
  });

  it("returns an empty string for an invalid date instead of throwing", () => {
    expect(formatDate("not a date", "ko")).toBe("");
  });

  it("groups thousands", () => {
    expect(formatNumber(14500, "en")).toBe("14,500");
    expect(formatNumber(1000, "ko")).toBe("1,000");
  });

  it("groups whole numbers exactly as Intl does in both locales, and leaves fractions to Intl", () => {
    const wholes = [0, 7, 42, 999, 1000, 1001, 99_999, 100_000, 123_456_789, -5, -1000, -1_234_567];
    for (let digits = 1; digits <= 16; digits++) wholes.push(Number("9".repeat(digits)), 10 ** (digits - 1));
    wholes.push(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER);
    for (const locale of ["ko", "en"] as const) {
      const intl = new Intl.NumberFormat(locale === "ko" ? "ko-KR" : "en-US");
      for (const value of wholes) expect(formatNumber(value, locale)).toBe(intl.format(value));
      for (const value of [0.5, 1234.5, -9876.25, 1e21])
        expect(formatNumber(value, locale)).toBe(intl.format(value));
    }
  });
});
