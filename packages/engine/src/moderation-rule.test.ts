import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type CloseUpFeatures,
  explicitScore,
  inGreyBand,
  isClothedCloseUp,
  isClothedPerson,
  NSFW_EXPLICIT_THRESHOLD,
  NSFW_SECOND_LOOK_FROM,
  NSFW_SECOND_LOOK_REFUSE,
  NSFW_SECOND_OPINION_THRESHOLD,
  type NsfwScores,
  needsSecondLook,
  needsSecondOpinion,
  nsfwVerdict,
  PERSON_MAX_SKIN,
  type TNsfwVerdict,
} from "./moderation-rule.ts";

/** The classifiers' scores and the close-up features of the labelled set (npm run nsfw:calibrate; no pixels). */
interface ScoredEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  source: string;
  scores: NsfwScores;
  second: NsfwScores;
  closeUp: CloseUpFeatures;
  monochrome: boolean;
}

type TDecide = (entry: ScoredEntry) => TNsfwVerdict;

/** Ordinary photographs of the set the older rules refuse (README "Upload moderation"). */
const CLOSE_UP_ONLY_FP = 23;
const OLD_RULE_FP = 79;
const rule: TDecide = (e) =>
  nsfwVerdict(e.scores, { second: e.second, closeUp: e.closeUp, monochrome: e.monochrome });
/** The rule before black-and-white pictures got the second look from any first score. */
const colourBlindRule: TDecide = (e) => nsfwVerdict(e.scores, { second: e.second, closeUp: e.closeUp });

const read = (relative: string) =>
  JSON.parse(fs.readFileSync(fileURLToPath(new URL(relative, import.meta.url)), "utf8"));
const scored = read("./moderation-scores.json") as ScoredEntry[];
const set = read("../../../scripts/nsfw-set.json") as Array<{ id: string; label: TNsfwVerdict }>;

const isArt = (entry: ScoredEntry) => entry.category.startsWith("art-");
const photos = scored.filter((e) => !isArt(e));

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
  all: { falsePositives: 9, falseNegatives: 52 },
  photos: { falsePositives: 9, falseNegatives: 13 },
};

function meetsPublished(decide: TDecide): boolean {
  const all = rates(scored, decide);
  const onPhotos = rates(photos, decide);
  return (
    all.falsePositives.length <= PUBLISHED.all.falsePositives &&
    all.falseNegatives.length <= PUBLISHED.all.falseNegatives &&
    onPhotos.falsePositives.length <= PUBLISHED.photos.falsePositives &&
    onPhotos.falseNegatives.length <= PUBLISHED.photos.falseNegatives
  );
}

/** The rule of issue 12 ("Refusals"): Porn + Hentai ≥ 0.6, or Sexy ≥ 0.85 alone. */
const oldRule: TDecide = ({ scores: s }) => (s.Porn + s.Hentai >= 0.6 || s.Sexy >= 0.85 ? "block" : "allow");
/** The first follow-up (H1): Porn + Hentai ≥ 0.70 refuses, whatever the picture shows. */
const scoresOnlyRule: TDecide = ({ scores: s }) =>
  s.Porn + s.Hentai >= NSFW_EXPLICIT_THRESHOLD ? "block" : "allow";
/** The rule before issue 24: the first classifier and the close-up check in the grey band, no second opinion. */
const closeUpOnlyRule: TDecide = (e) =>
  scoresOnlyRule(e) === "block" && !(inGreyBand(e.scores) && isClothedCloseUp(e.closeUp)) ? "block" : "allow";
/** Issue 24's first change: the second opinion from 0.58 and the close-up check; no bare-skin share of the person. */
const secondOpinionRule: TDecide = (e) => (explicitScore(e.second) < 0.58 ? "allow" : closeUpOnlyRule(e));

describe("nsfwVerdict over the labelled set", () => {
  it("scores every image of the set, with the set's labels", () => {
    expect(scored.map((e) => [e.id, e.label])).toEqual(set.map((e) => [e.id, e.label]));
    expect(scored.length).toBeGreaterThanOrEqual(558);
  });

  it("keeps false positives and false negatives at or below the published rates", () => {
    const all = rates(scored, rule);
    const onPhotos = rates(photos, rule);
    expect(all.shouldPass).toBe(462);
    expect(all.shouldBlock).toBe(96);
    expect(onPhotos.shouldPass).toBe(451);
    expect(onPhotos.shouldBlock).toBe(46);
    expect(all.falsePositives.length).toBeLessThanOrEqual(PUBLISHED.all.falsePositives);
    expect(all.falseNegatives.length).toBeLessThanOrEqual(PUBLISHED.all.falseNegatives);
    expect(onPhotos.falsePositives.length).toBeLessThanOrEqual(PUBLISHED.photos.falsePositives);
    expect(onPhotos.falseNegatives.length).toBeLessThanOrEqual(PUBLISHED.photos.falseNegatives);
  });

  it("would fail with the rules it replaced (the second opinion from 0.58 refused 11 of 451 ordinary photos)", () => {
    expect(rates(photos, secondOpinionRule).falsePositives.length).toBe(11);
    expect(rates(photos, closeUpOnlyRule).falsePositives.length).toBe(CLOSE_UP_ONLY_FP);
    expect(rates(photos, oldRule).falsePositives.length).toBe(OLD_RULE_FP);
    expect(meetsPublished(secondOpinionRule)).toBe(false);
    expect(meetsPublished(closeUpOnlyRule)).toBe(false);
    expect(meetsPublished(scoresOnlyRule)).toBe(false);
    expect(meetsPublished(oldRule)).toBe(false);
    expect(meetsPublished(colourBlindRule)).toBe(false);
    expect(meetsPublished(rule)).toBe(true);
  });

  it("refuses every explicit picture the rules before it refused, and lets no more through", () => {
    const explicit = scored.filter((e) => e.label === "block");
    // Since the second opinion, three black-and-white copies of paintings that the first
    // classifier flags and the second does not (0.15–0.55) pass; the rule without a second opinion
    // refused them. (In colour, one is refused, and every rule here passes the other two.) And a
    // tight square of a bare breast that the first classifier flags (0.90) and the second does
    // not (0.58).
    expect(
      explicit
        .filter((e) => closeUpOnlyRule(e) === "block" && rule(e) === "allow")
        .map((e) => e.id)
        .sort(),
    ).toEqual([
      "image-data-12full-bw",
      "image-data-190full-bw",
      "nsfw-action-2-bw",
      "nude-py-4-crop-405-225",
    ]);
    // One exception to the rule of the second opinion from 0.58: the tight square of a bare breast,
    // which the second classifier scores 0.581, under 0.63 and over 0.58. No threshold separates
    // it from the ordinary 5:1 strip of a strapless dress (0.601); 0.63 passes both, 0.58 refuses
    // both (README "Tight crops").
    const overlap = new Set(["nude-py-4-crop-405-225"]);
    for (const before of [secondOpinionRule, colourBlindRule]) {
      for (const entry of explicit.filter((e) => before(e) === "block" && !overlap.has(e.id))) {
        expect(rule(entry), entry.id).toBe("block");
      }
      // What it lets through, the rules before let through too (the second look only adds refusals).
      const missedBefore = new Set(rates(scored, before).falseNegatives);
      for (const id of rates(scored, rule).falseNegatives.filter((id) => !overlap.has(id)))
        expect(missedBefore.has(id), id).toBe(true);
    }
  });

  it("the second look refuses nudity the first classifier scores middling or misses in black and white", () => {
    const looked = scored.filter((e) => needsSecondLook(e.scores, e.monochrome));
    const refused = looked.filter((e) => rule(e) === "block");
    expect(refused.map((e) => e.id).sort()).toEqual([
      // Explicit photos, and explicit photos padded out to a banner or a column to slip past the
      // first classifier, in colour and in black and white.
      "adult-image-detector-big-boobs-cropped-banner-bw",
      "adult-image-detector-big-boobs-cropped-bw",
      // Paintings.
      "image-data-107full-bw",
      "image-data-124full",
      "image-data-187full",
      "image-data-187full-bw",
      "image-data-32full",
      "image-data-32full-bw",
      "image-data-86full",
      // The one ordinary picture: footballers in kit, in black and white (the first classifier 0.27,
      // the second 0.92). In colour neither classifier is unsure of them.
      "mmpose-003896-bw",
      "nude-py-3-banner",
      "nude-py-3-column-bw",
      "nude-py-4-banner-bw",
      "nude-py-4-bw",
      "nude-py-4-column",
      "nude-py-4-column-bw",
      "nude-py-7-bw",
      "nudenet-cory-chase-banner",
      "nudenet-nude-banner",
      "nudenet-nude-banner-bw",
      "nudenet-nude-bw",
    ]);
    for (const entry of refused.filter((e) => e.id !== "mmpose-003896-bw"))
      expect(entry.label, entry.id).toBe("block");
    // The other ordinary pictures it looks at stay well below the line.
    const ordinary = looked.filter((e) => e.label === "allow" && e.id !== "mmpose-003896-bw");
    expect(ordinary.length).toBeGreaterThanOrEqual(190);
    expect(Math.max(...ordinary.map((e) => explicitScore(e.second)))).toBeLessThan(NSFW_SECOND_LOOK_REFUSE);
    // Below NSFW_SECOND_LOOK_FROM a colour picture is not looked at and passes, whatever the second would say.
    const padded = scored.find((e) => e.id === "nude-py-4-column")!;
    const low = { ...padded.scores, Porn: 0.1, Hentai: 0.05 };
    expect(nsfwVerdict(low, { second: padded.second })).toBe("allow");
    // A black-and-white one is.
    expect(nsfwVerdict(low, { second: padded.second, monochrome: true })).toBe("block");
  });

  it("looks again at every black-and-white picture: the first classifier misses most nudity without colour", () => {
    const mono = scored.filter((e) => e.monochrome);
    const grey = (e: ScoredEntry) => e.id.endsWith("-bw") || e.source.includes('"grayscale":true');
    // Every black-and-white copy in the set is found to have no colour, and no colour photograph
    // but four whose source is itself without colour (a street scene, two studio portraits, a
    // grey garment shot).
    expect(scored.filter(grey).every((e) => e.monochrome)).toBe(true);
    expect(
      mono
        .filter((e) => !grey(e))
        .map((e) => e.id)
        .sort(),
    ).toEqual(["liveportrait-s2", "mmpose-000000040083", "mmpose-cofw-001766", "ootdiffusion-051918-0"]);
    const explicit = mono.filter((e) => e.label === "block");
    expect(explicit.length).toBe(44);
    // Without colour the first classifier flags few of them, and scores many below the second look.
    expect(explicit.filter((e) => explicitScore(e.scores) < NSFW_SECOND_LOOK_FROM).length).toBe(15);
    expect(explicit.filter((e) => needsSecondOpinion(e.scores)).length).toBe(8);
    expect(rates(mono, rule).falseNegatives.length).toBe(27);
    expect(rates(mono, colourBlindRule).falseNegatives.length).toBe(32);
    // And refuses no more ordinary black-and-white pictures than without the look.
    expect(rates(mono, rule).falsePositives).toEqual(rates(mono, colourBlindRule).falsePositives);
  });

  it("passes the four women in party dresses: a group, no close-up, but little of their bodies bare", () => {
    const group = scored.find((e) => e.id === "human-group-3")!;
    expect(inGreyBand(group.scores)).toBe(true);
    expect(explicitScore(group.second)).toBeGreaterThanOrEqual(NSFW_SECOND_OPINION_THRESHOLD);
    expect(isClothedCloseUp(group.closeUp)).toBe(false);
    expect(group.closeUp.personSkin!).toBeLessThanOrEqual(PERSON_MAX_SKIN);
    expect(secondOpinionRule(group)).toBe("block");
    expect(rule(group)).toBe("allow");
  });

  it("finds much of the body bare on every explicit picture with a face in the grey band", () => {
    const flagged = scored.filter(
      (e) =>
        e.label === "block" && inGreyBand(e.scores) && e.closeUp.faces > 0 && e.closeUp.personSkin !== null,
    );
    expect(flagged.map((e) => e.id).sort()).toEqual([
      "image-data-190full",
      "image-data-211full",
      "nude-py-4",
      // A tight square of a face and a bare chest: 80% of the person is bare, but the face fills
      // 17.7% of the frame and the chest 24.6%, under the close-up's 25%, so the close-up route
      // passes it (README "Tight crops"): the set's first explicit picture with a large face.
      "nude-py-4-crop-375-15",
      "nude-py-6",
      "nudenet-cory-chase",
      "nudenet-nude",
    ]);
    for (const entry of flagged) {
      expect(entry.closeUp.personSkin!, entry.id).toBeGreaterThan(PERSON_MAX_SKIN);
      expect(isClothedPerson(entry.closeUp), entry.id).toBe(false);
    }
    // The explicit photographs among them: most of the body is skin.
    for (const entry of flagged.filter((e) => !isArt(e))) {
      expect(entry.closeUp.personSkin!, entry.id).toBeGreaterThan(0.7);
    }
  });

  it("measures no skin on black-and-white pictures, so skin never clears one", () => {
    const mono = scored.filter((e) => e.monochrome);
    expect(mono.length).toBe(194);
    for (const entry of mono) {
      expect(entry.closeUp.bodySkin, entry.id).toBeNull();
      expect(entry.closeUp.personSkin, entry.id).toBeNull();
    }
  });

  it("passes issue 24's 3000×600 spacesuit crop, which the first classifier alone refuses", () => {
    const strip = scored.find((e) => e.id === "astronaut-suit-strip")!;
    expect(explicitScore(strip.scores)).toBeGreaterThanOrEqual(NSFW_EXPLICIT_THRESHOLD);
    expect(closeUpOnlyRule(strip)).toBe("block");
    expect(rule(strip)).toBe("allow");
  });

  it("passes every odd crop, long strip and column of an ordinary photo in the set", () => {
    const crops = scored.filter((e) => e.category === "odd-crop");
    expect(crops.length).toBeGreaterThanOrEqual(82);
    expect(crops.filter((e) => rule(e) === "block").map((e) => e.id)).toEqual([
      // A tight crop of a strapless dress: bare shoulders and chest, a hand at the cheek; both
      // classifiers call it explicit and 86% of the person below the face is bare skin.
      "open-nsfw-android-timg11-close",
      // Crops with no face for the close-up check to find, which both classifiers call explicit:
      // a hand over a mouth cut off at the nose, a forehead, a strapless bodice, a smile, a chin
      // on a hand.
      "human-stock-emotions-b-6-mouth",
      "photomaker-yangmi-3-forehead",
      "open-nsfw-android-timg11-bodice",
      "beautygan-vsyyz306-smile",
      "beautygan-xfsy0401-hand",
    ]);
  });

  it("passes every close-up, expression, hand near the face, outfit and beach photo in the set", () => {
    const kinds =
      /^(swimwear|athlete|sportswear|beauty-closeup|face-closeup|expression|hand-near-face|portrait-east-asian|fashion|fashion-east-asian|evening-dress|evening-dress-east-asian|skin-coloured-clothing|bare-shoulders|lingerie|garment)$/;
    const refused = scored.filter((e) => kinds.test(e.category) && rule(e) === "block");
    // In colour, none. Two black-and-white copies are refused: footballers in kit (both classifiers
    // 0.27 and 0.92) and a woman in a white top and shorts on a bed (0.72 and 0.71, and without
    // colour no skin share can clear her). Their colour originals pass.
    expect(refused.map((e) => e.id)).toEqual(["mmpose-003896-bw", "open-nsfw-android-timg5-bw"]);
    for (const id of ["mmpose-003896", "open-nsfw-android-timg5"])
      expect(rule(scored.find((e) => e.id === id)!), id).toBe("allow");
  });

  it("passes the face close-ups the first classifier scores like explicit photos", () => {
    const greyCloseUps = scored.filter((e) => e.category === "face-closeup" && inGreyBand(e.scores));
    expect(greyCloseUps.map((e) => e.id).sort()).toEqual(["codeformer-0240", "codeformer-0444"]);
    for (const entry of greyCloseUps) {
      expect(scoresOnlyRule(entry), entry.id).toBe("block");
      expect(rule(entry), entry.id).toBe("allow");
    }
  });

  it("refuses most tight crops of explicit photographs, and names the two it passes", () => {
    const crops = scored.filter((e) => e.category === "explicit-crop");
    expect(crops.length).toBe(8);
    expect(crops.filter((e) => rule(e) === "allow").map((e) => e.id)).toEqual([
      // The second classifier disagrees (0.58 against the first's 0.90).
      "nude-py-4-crop-405-225",
      // The close-up route: a large face, and bare chest under 25% of the frame.
      "nude-py-4-crop-375-15",
    ]);
  });

  it("refuses the explicit photographs the first classifier flags: the second agrees on each", () => {
    const flagged = photos.filter(
      (e) => e.label === "block" && e.category !== "explicit-crop" && needsSecondOpinion(e.scores),
    );
    expect(flagged.length).toBeGreaterThanOrEqual(5);
    for (const entry of flagged) {
      expect(explicitScore(entry.second), entry.id).toBeGreaterThanOrEqual(NSFW_SECOND_OPINION_THRESHOLD);
      expect(rule(entry), entry.id).toBe("block");
    }
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
  const closeUp: CloseUpFeatures = { faces: 1, faceArea: 0.3, bodySkin: 0.02, personSkin: null };

  it("takes a face close-up with little bare skin outside the face", () => {
    expect(inGreyBand(closeUpScores)).toBe(true);
    expect(nsfwVerdict(closeUpScores, { closeUp })).toBe("allow");
  });

  it("refuses the same scores with a small face in a full-body frame", () => {
    expect(
      nsfwVerdict(closeUpScores, { closeUp: { faces: 1, faceArea: 0.02, bodySkin: 0.3, personSkin: 0.9 } }),
    ).toBe("block");
    expect(
      nsfwVerdict(closeUpScores, { closeUp: { faces: 1, faceArea: 0.02, bodySkin: 0.01, personSkin: 0.5 } }),
    ).toBe("block");
  });

  it("refuses a large face with much bare skin beside and below it", () => {
    expect(
      nsfwVerdict(closeUpScores, { closeUp: { faces: 1, faceArea: 0.15, bodySkin: 0.3, personSkin: 0.7 } }),
    ).toBe("block");
  });

  it("refuses when no face was found or nothing was measured", () => {
    expect(
      nsfwVerdict(closeUpScores, { closeUp: { faces: 0, faceArea: 0, bodySkin: null, personSkin: null } }),
    ).toBe("block");
    expect(nsfwVerdict(closeUpScores)).toBe("block");
  });

  it("takes a person in the grey band when little of the body outside the heads is bare skin", () => {
    const group: CloseUpFeatures = { faces: 4, faceArea: 0.015, bodySkin: 0.12, personSkin: 0.28 };
    expect(isClothedCloseUp(group)).toBe(false);
    expect(isClothedPerson(group)).toBe(true);
    expect(nsfwVerdict(closeUpScores, { closeUp: group })).toBe("allow");
    const bare = { ...group, personSkin: PERSON_MAX_SKIN + 0.01 };
    expect(nsfwVerdict(closeUpScores, { closeUp: bare })).toBe("block");
    expect(nsfwVerdict(closeUpScores, { closeUp: { ...group, personSkin: PERSON_MAX_SKIN } })).toBe("allow");
  });

  it("never takes a person whose skin could not be measured (no face, no colour, no body)", () => {
    expect(isClothedPerson({ faces: 0, faceArea: 0, bodySkin: null, personSkin: null })).toBe(false);
    const monochrome: CloseUpFeatures = { faces: 1, faceArea: 0.3, bodySkin: null, personSkin: null };
    expect(isClothedPerson(monochrome)).toBe(false);
    expect(isClothedCloseUp(monochrome)).toBe(false);
    expect(nsfwVerdict(closeUpScores, { closeUp: monochrome })).toBe("block");
  });

  it("refuses from 0.90 up whatever the composition, and never looks below 0.70", () => {
    const high: NsfwScores = { ...closeUpScores, Porn: 0.9, Neutral: 0.044 };
    expect(inGreyBand(high)).toBe(false);
    expect(nsfwVerdict(high, { closeUp })).toBe("block");
    const low: NsfwScores = { ...closeUpScores, Porn: 0.68, Neutral: 0.264 };
    expect(inGreyBand(low)).toBe(false);
    expect(nsfwVerdict(low, { closeUp: { faces: 0, faceArea: 0, bodySkin: null, personSkin: null } })).toBe(
      "allow",
    );
  });
});

describe("nsfwVerdict: the second opinion", () => {
  /** Issue 24's laughing woman, chin on her hands: the first classifier's Porn 0.926. */
  const laughing: NsfwScores = { Drawing: 0.001, Hentai: 0.003, Neutral: 0.05, Porn: 0.926, Sexy: 0.02 };
  const disagrees: NsfwScores = { Drawing: 0.01, Hentai: 0.01, Neutral: 0.7, Porn: 0.2, Sexy: 0.08 };
  const agrees: NsfwScores = { Drawing: 0, Hentai: 0.05, Neutral: 0.05, Porn: 0.8, Sexy: 0.1 };

  it("passes what the first refuses when the second disagrees, whatever the first's score", () => {
    expect(nsfwVerdict(laughing)).toBe("block");
    expect(nsfwVerdict(laughing, { second: disagrees })).toBe("allow");
    expect(nsfwVerdict({ ...laughing, Porn: 0.999, Neutral: 0 }, { second: disagrees })).toBe("allow");
  });

  it("refuses when both agree, unless a grey-band picture is a clothed close-up", () => {
    expect(nsfwVerdict(laughing, { second: agrees })).toBe("block");
    const grey: NsfwScores = { ...laughing, Porn: 0.8, Neutral: 0.176 };
    expect(
      nsfwVerdict(grey, {
        second: agrees,
        closeUp: { faces: 1, faceArea: 0.3, bodySkin: 0.02, personSkin: null },
      }),
    ).toBe("allow");
    expect(
      nsfwVerdict(grey, {
        second: agrees,
        closeUp: { faces: 1, faceArea: 0.02, bodySkin: 0.3, personSkin: 0.9 },
      }),
    ).toBe("block");
  });

  it("is never asked below the first threshold, and refuses from its own threshold up", () => {
    expect(needsSecondOpinion({ ...laughing, Porn: 0.6, Neutral: 0.376 })).toBe(false);
    const at = { ...disagrees, Porn: NSFW_SECOND_OPINION_THRESHOLD - 0.02, Neutral: 0.5 };
    expect(nsfwVerdict(laughing, { second: at })).toBe("allow");
    expect(nsfwVerdict(laughing, { second: { ...at, Hentai: 0.02 } })).toBe("block");
  });
});
