import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
// @ts-expect-error: a plain .mjs build script without types
import { LANDING_CEILING_BYTES, measureLanding } from "../scripts/landing-budget.mjs";

/** Issue 17, Delivery: what the built app and the real server send a first-time visitor. */
const dist = join(inject("repoRoot"), "apps/web/dist");

describe("delivery of the built app", () => {
  it("keeps the landing's initial JavaScript under the ceiling, without zod or other pages' code", () => {
    const { total, forbidden, chunks } = measureLanding(dist) as {
      total: number;
      forbidden: string[];
      chunks: { file: string; sources: string[] }[];
    };
    expect(forbidden).toEqual([]);
    expect(
      chunks.flatMap((chunk) => chunk.sources).some((source) => source.includes("node_modules/zod/")),
    ).toBe(false);
    expect(total).toBeLessThanOrEqual(LANDING_CEILING_BYTES);
  });

  it("sends the landing and its scripts compressed, with Vary and the right caching", async () => {
    const baseUrl = inject("baseUrl");
    const page = await fetch(`${baseUrl}/`, { headers: { "accept-encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("cache-control")).toBe("no-cache");
    const html = await page.text();
    const script = html.match(/<script type="module"[^>]* src="([^"]+)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${baseUrl}${script}`, { headers: { "accept-encoding": "gzip, br" } });
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const gz = await fetch(`${baseUrl}${script}`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
  });
});
