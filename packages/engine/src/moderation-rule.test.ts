import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { type NsfwScores, nsfwVerdict, type TNsfwVerdict } from "./moderation-rule.ts";

/** The classifier's scores of the labelled set (npm run nsfw:calibrate; no pixels). */
interface ScoredEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  source: string;
  scores: NsfwScores;
}

const read = (relative: string) =>
  JSON.parse(fs.readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8"));
const scored = read("./moderation-scores.json") as ScoredEntry[];
const set = read("../../../scripts/nsfw-set.json") as Array<{ id: string; label: TNsfwVerdict }>;

const isArt = (entry: ScoredEntry) => entry.category.startsWith("art-");

function rates(entries: ScoredEntry[], decide: (scores: NsfwScores) => TNsfwVerdict) {
  const shouldPass = entries.filter((e) => e.label === "allow");
  const shouldBlock = entries.filter((e) => e.label === "block");
  return {
    falsePositives: shouldPass.filter((e) => decide(e.scores) === "block").map((e) => e.id),
    falseNegatives: shouldBlock.filter((e) => decide(e.scores) === "allow").map((e) => e.id),
    shouldPass: shouldPass.length,
    shouldBlock: shouldBlock.length,
  };
}

/**
 * The rates published in README "Upload moderation". A rule that refuses more ordinary photos or
 * lets more nudity through than this fails here.
 */
const PUBLISHED = {
  all: { falsePositives: 5, falseNegatives: 21 },
  photos: { falsePositives: 1, falseNegatives: 1 },
};

function meetsPublished(decide: (scores: NsfwScores) => TNsfwVerdict): boolean {
  const all = rates(scored, decide);
  const photos = rates(
    scored.filter((e) => !isArt(e)),
    decide,
  );
  return (
    all.falsePositives.length <= PUBLISHED.all.falsePositives &&
    all.falseNegatives.length <= PUBLISHED.all.falseNegatives &&
    photos.falsePositives.length <= PUBLISHED.photos.falsePositives &&
    photos.falseNegatives.length <= PUBLISHED.photos.falseNegatives
  );
}

/** The rule of issue 12 ("Refusals"): Porn + Hentai ≥ 0.6, or Sexy ≥ 0.85 alone. */
const oldRule = (s: NsfwScores): TNsfwVerdict =>
  s.Porn + s.Hentai >= 0.6 || s.Sexy >= 0.85 ? "block" : "allow";

describe("nsfwVerdict over the labelled set", () => {
  it("scores every image of the set, with the set's labels", () => {
    expect(scored.map((e) => [e.id, e.label])).toEqual(set.map((e) => [e.id, e.label]));
    expect(scored.length).toBeGreaterThanOrEqual(130);
  });

  it("keeps false positives and false negatives at or below the published rates", () => {
    const all = rates(scored, nsfwVerdict);
    const photos = rates(
      scored.filter((e) => !isArt(e)),
      nsfwVerdict,
    );
    expect(all.shouldPass).toBe(108);
    expect(all.shouldBlock).toBe(26);
    expect(photos.shouldPass).toBe(98);
    expect(photos.shouldBlock).toBe(4);
    expect(all.falsePositives.length).toBeLessThanOrEqual(PUBLISHED.all.falsePositives);
    expect(all.falseNegatives.length).toBeLessThanOrEqual(PUBLISHED.all.falseNegatives);
    expect(photos.falsePositives.length).toBeLessThanOrEqual(PUBLISHED.photos.falsePositives);
    expect(photos.falseNegatives.length).toBeLessThanOrEqual(PUBLISHED.photos.falseNegatives);
  });

  it("would fail with the rule it replaced (it refused 21 of 98 ordinary photos)", () => {
    expect(
      rates(
        scored.filter((e) => !isArt(e)),
        oldRule,
      ).falsePositives.length,
    ).toBe(21);
    expect(meetsPublished(oldRule)).toBe(false);
    expect(meetsPublished(nsfwVerdict)).toBe(true);
  });

  it("passes every swimwear, athlete, beauty close-up and East Asian portrait in the set", () => {
    const kinds = /^(swimwear|athlete|beauty-closeup|portrait-east-asian|fashion-east-asian|bare-shoulders)$/;
    const refused = scored.filter((e) => kinds.test(e.category) && nsfwVerdict(e.scores) === "block");
    expect(refused.map((e) => e.id)).toEqual([]);
  });

  it("refuses the explicit photographs that show genitals", () => {
    const explicit = scored.filter((e) => e.category === "explicit-photo" && !e.id.startsWith("nude-js-"));
    expect(explicit.length).toBe(3);
    for (const entry of explicit) expect(nsfwVerdict(entry.scores), entry.id).toBe("block");
  });
});

describe("nsfwVerdict: what the classes mean", () => {
  const scores = (s: Partial<NsfwScores>): NsfwScores => ({
    Drawing: 0,
    Hentai: 0,
    Neutral: 0,
    Porn: 0,
    Sexy: 0,
    ...s,
  });

  it("never refuses for Sexy alone (issue 12: a footballer in kit scored Sexy 0.892)", () => {
    expect(nsfwVerdict(scores({ Sexy: 0.892, Neutral: 0.1, Porn: 0.008 }))).toBe("allow");
    expect(nsfwVerdict(scores({ Sexy: 1 }))).toBe("allow");
  });

  it("does not refuse a painting for being a painting", () => {
    expect(nsfwVerdict(scores({ Drawing: 1 }))).toBe("allow");
  });

  it("refuses when Porn and Hentai together reach the threshold", () => {
    expect(nsfwVerdict(scores({ Porn: 0.72, Sexy: 0.28 }))).toBe("block");
    expect(nsfwVerdict(scores({ Hentai: 0.72, Drawing: 0.28 }))).toBe("block");
    expect(nsfwVerdict(scores({ Porn: 0.4, Hentai: 0.35, Sexy: 0.25 }))).toBe("block");
    expect(nsfwVerdict(scores({ Porn: 0.6, Hentai: 0.08, Sexy: 0.32 }))).toBe("allow");
  });
});
