import { existsSync } from "node:fs";
import path from "node:path";
import { LANDING_SAMPLES } from "@gyeol/shared/constants";
import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SampleCompare, sampleSource, sampleSources } from "./sample-compare.tsx";

const publicDir = path.resolve(import.meta.dirname, "../../../../public");

function urlsOf(srcset: string): string[] {
  return srcset.split(",").map((entry) => entry.trim().split(" ")[0] ?? "");
}

describe("the landing's responsive samples (issue 17)", () => {
  it("lists an AVIF, WebP and JPEG file that exists for each width of every sample", () => {
    for (const id of LANDING_SAMPLES) {
      for (const side of ["before", "after"] as const) {
        const sources = sampleSources(id, side);
        expect(sources, `${id}-${side}`).toBeDefined();
        if (!sources) continue;
        for (const format of ["avif", "webp", "jpg"] as const) {
          const entries = sources[format].split(", ");
          expect(entries.length, `${id}-${side} ${format}`).toBeGreaterThanOrEqual(2);
          for (const url of urlsOf(sources[format]))
            expect(existsSync(path.join(publicDir, url)), url).toBe(true);
        }
        // The largest JPEG is the original file, the fallback every browser can show.
        expect(urlsOf(sources.jpg)).toContain(sampleSource(id, side));
        expect(sources.avif).toMatch(/ 320w/);
      }
    }
  });

  it("renders each side as a <picture> with AVIF and WebP sources and the JPEG fallback", () => {
    const { container } = render(<SampleCompare />);
    const pictures = container.querySelectorAll("picture");
    expect(pictures).toHaveLength(2);
    for (const picture of pictures) {
      const types = [...picture.querySelectorAll("source")].map((source) => source.getAttribute("type"));
      expect(types).toEqual(["image/avif", "image/webp"]);
      const img = picture.querySelector("img");
      expect(img?.getAttribute("src")).toMatch(/^\/samples\/korean_basic-(before|after)\.jpg$/);
      expect(img?.getAttribute("sizes")).toContain("100vw");
      expect(img?.getAttribute("srcset")).toContain("-320.jpg 320w");
    }
  });
});
