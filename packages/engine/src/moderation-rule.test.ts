import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type CloseUpFeatures,
  inGreyBand,
  NSFW_EXPLICIT_THRESHOLD,
  type NsfwScores,
  nsfwVerdict,
  type TNsfwVerdict,
} from "./moderation-rule.ts";

/** The classifier's scores and the close-up features of the labelled set (npm run nsfw:calibrate; no pixels). */
interface ScoredEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  source: string;
  scores: NsfwScores;
  closeUp: CloseUpFeatures;
}

type TDecide = (entry: ScoredEntry) => TNsfwVerdict;
const rule: TDecide = (e) => nsfwVerdict(e.scores, e.closeUp);

const read = (relative: string) =>
  JSON.parse(fs.readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8"));
const scored = read("./moderation-scores.json") as ScoredEntry[];
const set = read("../../../scripts/nsfw-set.json") as Array<{ id: string; label: TNsfwVerdict }>;

const isArt = (entry: ScoredEntry) => entry.category.startsWith("art-");

function rates(entries: ScoredEntry[], decide: TDecide) {
  const shouldPass = entries.filter((e) => e.label === "allow");
  const shouldBlock = entries.filter((e) => e.label === "block");
  return {
    falsePositives: shouldPass.filter((e) => decide(e) === "block").map((e) => e.id),
    falseNegatives: shouldBlock.filter((e) => decide(e) === "allow").map((e) => e.id),
    shouldPass: shouldPass.length,
    shouldBlock: shouldBlock.length,
  };
}

/**
 * The rates published in README "Upload moderation". A rule that refuses more ordinary photos or
 * lets more nudity through than this fails here.
 */
const PUBLISHED = {
  all: { falsePositives: 6, falseNegatives: 21 },
  photos: { falsePositives: 2, falseNegatives: 1 },
};

function meetsPublished(decide: TDecide): boolean {
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
const oldRule: TDecide = ({ scores: s }) => (s.Porn + s.Hentai >= 0.6 || s.Sexy >= 0.85 ? "block" : "allow");
/** The first follow-up (H1): Porn + Hentai ≥ 0.70 refuses, whatever the picture shows. */
const scoresOnlyRule: TDecide = ({ scores: s }) =>
  s.Porn + s.Hentai >= NSFW_EXPLICIT_THRESHOLD ? "block" : "allow";

describe("nsfwVerdict over the labelled set", () => {
  it("scores every image of the set, with the set's labels", () => {
    expect(scored.map((e) => [e.id, e.label])).toEqual(set.map((e) => [e.id, e.label]));
    expect(scored.length).toBeGreaterThanOrEqual(130);
  });

  it("keeps false positives and false negatives at or below the published rates", () => {
    const all = rates(scored, rule);
    const photos = rates(
      scored.filter((e) => !isArt(e)),
      rule,
    );
    expect(all.shouldPass).toBe(123);
    expect(all.shouldBlock).toBe(26);
    expect(photos.shouldPass).toBe(113);
    expect(photos.shouldBlock).toBe(4);
    expect(all.falsePositives.length).toBeLessThanOrEqual(PUBLISHED.all.falsePositives);
    expect(all.falseNegatives.length).toBeLessThanOrEqual(PUBLISHED.all.falseNegatives);
    expect(photos.falsePositives.length).toBeLessThanOrEqual(PUBLISHED.photos.falsePositives);
    expect(photos.falseNegatives.length).toBeLessThanOrEqual(PUBLISHED.photos.falseNegatives);
  });

  it("would fail with the rules it replaced (issue 12's refused 25 of 113 ordinary photos)", () => {
    expect(
      rates(
        scored.filter((e) => !isArt(e)),
        oldRule,
      ).falsePositives.length,
    ).toBe(25);
    expect(meetsPublished(oldRule)).toBe(false);
    expect(meetsPublished(scoresOnlyRule)).toBe(false);
    expect(meetsPublished(rule)).toBe(true);
  });

  it("passes the face close-ups the classifier scores like explicit photos, which scores alone refused", () => {
    const greyCloseUps = scored.filter((e) => e.category === "face-closeup" && inGreyBand(e.scores));
    expect(greyCloseUps.map((e) => e.id).sort()).toEqual(["codeformer-0240", "codeformer-0444"]);
    for (const entry of greyCloseUps) {
      expect(scoresOnlyRule(entry), entry.id).toBe("block");
      expect(rule(entry), entry.id).toBe("allow");
    }
  });

  it("still refuses every explicit photograph in the grey band: their faces are small in a body's frame", () => {
    const grey = scored.filter((e) => e.label === "block" && !isArt(e) && inGreyBand(e.scores));
    expect(grey.length).toBe(3);
    for (const entry of grey) {
      expect(entry.closeUp.faceArea, entry.id).toBeLessThan(0.05);
      expect(rule(entry), entry.id).toBe("block");
    }
  });

  it("passes every swimwear, athlete, beauty close-up and East Asian portrait in the set", () => {
    const kinds =
      /^(swimwear|athlete|beauty-closeup|face-closeup|portrait-east-asian|fashion-east-asian|bare-shoulders)$/;
    const refused = scored.filter((e) => kinds.test(e.category) && rule(e) === "block");
    expect(refused.map((e) => e.id)).toEqual([]);
  });

  it("refuses the explicit photographs that show genitals", () => {
    const explicit = scored.filter((e) => e.category === "explicit-photo" && !e.id.startsWith("nude-js-"));
    expect(explicit.length).toBe(3);
    for (const entry of explicit) expect(rule(entry), entry.id).toBe("block");
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

describe("nsfwVerdict: the close-up check in the grey band", () => {
  /** Issue 12's beauty close-up: Porn 0.794. */
  const closeUpScores: NsfwScores = { Drawing: 0.001, Hentai: 0.01, Neutral: 0.15, Porn: 0.794, Sexy: 0.045 };
  const closeUp: CloseUpFeatures = { faces: 1, faceArea: 0.3, bodySkin: 0.02 };

  it("takes a face close-up with little bare skin outside the face", () => {
    expect(inGreyBand(closeUpScores)).toBe(true);
    expect(nsfwVerdict(closeUpScores, closeUp)).toBe("allow");
  });

  it("refuses the same scores with a small face in a full-body frame", () => {
    expect(nsfwVerdict(closeUpScores, { faces: 1, faceArea: 0.02, bodySkin: 0.3 })).toBe("block");
    expect(nsfwVerdict(closeUpScores, { faces: 1, faceArea: 0.02, bodySkin: 0.01 })).toBe("block");
  });

  it("refuses a large face with much bare skin beside and below it", () => {
    expect(nsfwVerdict(closeUpScores, { faces: 1, faceArea: 0.15, bodySkin: 0.3 })).toBe("block");
  });

  it("refuses when no face was found or nothing was measured", () => {
    expect(nsfwVerdict(closeUpScores, { faces: 0, faceArea: 0, bodySkin: null })).toBe("block");
    expect(nsfwVerdict(closeUpScores)).toBe("block");
  });

  it("refuses from 0.90 up whatever the composition, and never looks below 0.70", () => {
    const high: NsfwScores = { ...closeUpScores, Porn: 0.9, Neutral: 0.044 };
    expect(inGreyBand(high)).toBe(false);
    expect(nsfwVerdict(high, closeUp)).toBe("block");
    const low: NsfwScores = { ...closeUpScores, Porn: 0.68, Neutral: 0.264 };
    expect(inGreyBand(low)).toBe(false);
    expect(nsfwVerdict(low, { faces: 0, faceArea: 0, bodySkin: null })).toBe("allow");
  });
});
