/**
 * npm run nsfw:calibrate — classifies the labelled moderation set (scripts/nsfw-set.json) with the
 * engine's classifiers and writes packages/engine/src/moderation-scores.json: per image its id,
 * label, category, source, the first classifier's five class scores (as uploads are classified),
 * the second classifier's (nsfw.ts secondOpinionScores) and the close-up features (nsfw.ts
 * measureCloseUp: faces, face area, bare skin outside the face), both measured for every image
 * although uploads measure them only when the rule needs them. No pixels are written anywhere.
 * Then it prints the false-positive and false-negative rates of the current rule, of the rules
 * before it, and sweeps of the thresholds, so thresholds are chosen from numbers.
 *
 * The images are never committed. Each is read from, in order:
 *   1. $NSFW_SET_DIR/<id>.<ext> (default .scratch/nsfw-set/images/), a copy kept from an earlier run;
 *   2. a git mirror of its source repository at the recorded commit:
 *      $NSFW_SET_MIRRORS/<owner>+<name>/repo (default /work/.mirror), then copied to 1;
 *   3. for a source with "fixture", that file of this repository (the engine's public-domain fixtures).
 * An image found in none is reported and the run fails, so the fixture never silently shrinks.
 *
 * `--keep-measures` keeps everything measured of every entry whose source (and transform) is
 * unchanged (both classifiers' scores and the close-up features) and measures only whether it has
 * colour, for a change to the set (new entries are scored in full) or to the colour measure.
 * `--keep-scores` keeps both classifiers' scores of every entry whose source (and transform) is
 * unchanged in the scores file and measures only the close-up features again, for a change to
 * measureCloseUp on a busy machine (the classifiers are deterministic: a full run gives the same
 * scores). New or changed entries are scored in full. Never use it after changing a classifier or
 * its input (scoreNsfw, secondOpinionScores).
 * An entry with a "transform" (the odd crops, black-and-white copies, and explicit photos padded
 * out to a banner) is that image cropped, resized, turned grey and/or extended exactly as written,
 * so the same pixels come back each run.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  type CloseUpFeatures,
  explicitScore,
  inGreyBand,
  isClothedCloseUp,
  isClothedPerson,
  NSFW_EXPLICIT_THRESHOLD,
  NSFW_SECOND_OPINION_THRESHOLD,
  type NsfwScores,
  needsSecondOpinion,
  nsfwVerdict,
  type TNsfwVerdict,
} from "../packages/engine/src/moderation-rule.ts";
import {
  firstLook,
  firstView,
  isMonochrome,
  measureCloseUp,
  secondOpinionScores,
} from "../packages/engine/src/nsfw.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const setFile = path.join(root, "scripts", "nsfw-set.json");
const outFile = path.join(root, "packages", "engine", "src", "moderation-scores.json");
const imageDir = path.resolve(process.env.NSFW_SET_DIR ?? path.join(root, ".scratch", "nsfw-set", "images"));
const mirrors = path.resolve(process.env.NSFW_SET_MIRRORS ?? "/work/.mirror");
const print = (line = "") => process.stdout.write(`${line}\n`);

/** Applied in this order to the upright image: crop, resize (exact size), grey, pad. */
interface Transform {
  extract?: { left: number; top: number; width: number; height: number };
  resize?: { width: number; height: number };
  /** A black-and-white copy (sRGB, three equal channels), as a phone's mono filter saves it. */
  grayscale?: boolean;
  extend?: { top: number; bottom: number; left: number; right: number; background: string };
}

interface SetEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  shows: string;
  source: { repo: string; commit: string; path: string } | { fixture: string };
  transform?: Transform;
  licence: string;
}

export interface ScoredEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  source: string;
  /** Width × height as classified (after the transform). */
  size: string;
  scores: NsfwScores;
  second: NsfwScores;
  closeUp: CloseUpFeatures;
  /** No colour in the first classifier's 224² view (nsfw.ts firstLook). */
  monochrome: boolean;
}

function sourceText(entry: SetEntry): string {
  const from =
    "fixture" in entry.source
      ? entry.source.fixture
      : `${entry.source.repo}@${entry.source.commit.slice(0, 12)}:${entry.source.path}`;
  return entry.transform ? `${from} ${JSON.stringify(entry.transform)}` : from;
}

export async function applyTransform(bytes: Buffer, transform: Transform): Promise<Buffer> {
  let image = sharp(await sharp(bytes).rotate().toBuffer());
  if (transform.extract) image = sharp(await image.extract(transform.extract).toBuffer());
  if (transform.resize) {
    const { width, height } = transform.resize;
    image = sharp(await image.resize(width, height, { fit: "fill", kernel: "lanczos3" }).toBuffer());
  }
  if (transform.grayscale) image = sharp(await image.grayscale().toColourspace("srgb").toBuffer());
  if (transform.extend) image = image.extend({ ...transform.extend });
  return image.png().toBuffer();
}

function readFromMirror(entry: SetEntry): Buffer | null {
  if ("fixture" in entry.source) return null;
  const base = path.join(mirrors, entry.source.repo.replace("/", "+"), "repo");
  const gitDir = fs.existsSync(path.join(base, ".git")) ? path.join(base, ".git") : base;
  if (!fs.existsSync(gitDir)) return null;
  try {
    return execFileSync("git", ["-C", gitDir, "show", `${entry.source.commit}:${entry.source.path}`], {
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    return null;
  }
}

function readImage(entry: SetEntry): Buffer | null {
  if ("fixture" in entry.source) {
    const file = path.join(root, entry.source.fixture);
    return fs.existsSync(file) ? fs.readFileSync(file) : null;
  }
  const ext = path.extname(entry.source.path).toLowerCase() || ".img";
  // A transformed entry keeps its source's bytes under its source's name.
  const kept = path.join(imageDir, `${entry.transform ? sourceKey(entry) : entry.id}${ext}`);
  if (fs.existsSync(kept)) return fs.readFileSync(kept);
  const bytes = readFromMirror(entry);
  if (bytes) {
    fs.mkdirSync(imageDir, { recursive: true });
    fs.writeFileSync(kept, bytes);
  }
  return bytes;
}

function sourceKey(entry: SetEntry): string {
  if ("fixture" in entry.source) return entry.source.fixture;
  return `${entry.source.repo}@${entry.source.commit.slice(0, 12)}:${entry.source.path}`.replace(
    /[^\w.-]+/g,
    "_",
  );
}

function rounded(scores: NsfwScores): NsfwScores {
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return {
    Drawing: r(scores.Drawing),
    Hentai: r(scores.Hentai),
    Neutral: r(scores.Neutral),
    Porn: r(scores.Porn),
    Sexy: r(scores.Sexy),
  };
}

/** Everything the rule can read, measured for every image (uploads measure only what they need). */
async function scoreViews(
  bytes: Buffer,
): Promise<Pick<ScoredEntry, "size" | "scores" | "second" | "closeUp" | "monochrome">> {
  const { width = 0, height = 0 } = await sharp(await sharp(bytes).rotate().toBuffer()).metadata();
  const first = await firstLook(bytes);
  return {
    size: `${width}x${height}`,
    scores: rounded(first.scores),
    second: rounded(await secondOpinionScores(bytes)),
    closeUp: await measureCloseUp(bytes),
    monochrome: first.monochrome,
  };
}

export interface Rates {
  falsePositives: number;
  allowCount: number;
  falseNegatives: number;
  blockCount: number;
}

export function measure(entries: ScoredEntry[], decide: (entry: ScoredEntry) => TNsfwVerdict): Rates {
  const rates: Rates = { falsePositives: 0, allowCount: 0, falseNegatives: 0, blockCount: 0 };
  for (const entry of entries) {
    const verdict = decide(entry);
    if (entry.label === "allow") {
      rates.allowCount++;
      if (verdict === "block") rates.falsePositives++;
    } else {
      rates.blockCount++;
      if (verdict === "allow") rates.falseNegatives++;
    }
  }
  return rates;
}

function describe(name: string, entries: ScoredEntry[], decide: (entry: ScoredEntry) => TNsfwVerdict) {
  const all = measure(entries, decide);
  const photos = measure(
    entries.filter((e) => !e.category.startsWith("art-")),
    decide,
  );
  const pct = (n: number, d: number) => `${n}/${d} = ${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
  print(
    `${name.padEnd(44)} FP ${pct(all.falsePositives, all.allowCount).padEnd(16)} FN ${pct(all.falseNegatives, all.blockCount).padEnd(16)}` +
      ` | photos only: FP ${pct(photos.falsePositives, photos.allowCount).padEnd(16)} FN ${pct(photos.falseNegatives, photos.blockCount)}`,
  );
}

/** The first rule of issue 12's follow-up: Porn + Hentai ≥ 0.70, whatever the composition. */
export function scoresOnlyVerdict(scores: NsfwScores): TNsfwVerdict {
  return scores.Porn + scores.Hentai >= NSFW_EXPLICIT_THRESHOLD ? "block" : "allow";
}

/** The rule before that (issue 12): Porn + Hentai ≥ 0.6, or Sexy ≥ 0.85 on its own. */
export function legacyVerdict(scores: NsfwScores): TNsfwVerdict {
  return scores.Porn + scores.Hentai >= 0.6 || scores.Sexy >= 0.85 ? "block" : "allow";
}

/** Issue 12's follow-up: the first classifier and the close-up check in the grey band, no second opinion. */
export function closeUpOnlyVerdict(entry: ScoredEntry): TNsfwVerdict {
  if (scoresOnlyVerdict(entry.scores) === "allow") return "allow";
  return inGreyBand(entry.scores) && isClothedCloseUp(entry.closeUp) ? "allow" : "block";
}

/** Issue 24's first change: the second opinion at 0.58 and the close-up check; no bare-skin share of the person. */
export function secondOpinionVerdict(entry: ScoredEntry): TNsfwVerdict {
  if (scoresOnlyVerdict(entry.scores) === "allow") return "allow";
  if (explicitScore(entry.second) < 0.58) return "allow";
  return closeUpOnlyVerdict(entry);
}

const currentVerdict = (e: ScoredEntry) =>
  nsfwVerdict(e.scores, { second: e.second, closeUp: e.closeUp, monochrome: e.monochrome });
/** The rule before black-and-white pictures got the second look from any first score. */
const colourBlindVerdict = (e: ScoredEntry) =>
  nsfwVerdict(e.scores, { second: e.second, closeUp: e.closeUp });

async function main() {
  const set = JSON.parse(fs.readFileSync(setFile, "utf8")) as SetEntry[];
  const kept = new Map<string, ScoredEntry>();
  const keepMeasures = process.argv.includes("--keep-measures");
  if ((keepMeasures || process.argv.includes("--keep-scores")) && fs.existsSync(outFile)) {
    for (const entry of JSON.parse(fs.readFileSync(outFile, "utf8")) as ScoredEntry[])
      kept.set(entry.id, entry);
  }
  const scored: ScoredEntry[] = [];
  const missing: string[] = [];
  for (const entry of set) {
    const original = readImage(entry);
    if (!original) {
      missing.push(`${entry.id} (${sourceText(entry)})`);
      continue;
    }
    const bytes = entry.transform ? await applyTransform(original, entry.transform) : original;
    const before = kept.get(entry.id);
    const views =
      before && before.source === sourceText(entry)
        ? {
            size: before.size,
            scores: before.scores,
            second: before.second,
            closeUp: keepMeasures ? before.closeUp : await measureCloseUp(bytes),
            // firstLook's colour measure, without running the classifier again.
            monochrome: isMonochrome(await firstView(bytes)),
          }
        : await scoreViews(bytes);
    if (!before || before.source !== sourceText(entry)) print(`  scored ${entry.id}`);
    scored.push({
      id: entry.id,
      label: entry.label,
      category: entry.category,
      source: sourceText(entry),
      ...views,
    });
  }
  if (missing.length) {
    process.stderr.write(
      `Not found (put them in ${imageDir} or under ${mirrors}):\n  ${missing.join("\n  ")}\n`,
    );
    process.exitCode = 1;
    return;
  }
  fs.writeFileSync(outFile, `${JSON.stringify(scored, null, 2)}\n`);
  const count = (label: string) => scored.filter((e) => e.label === label).length;
  print(
    `${scored.length} images (${count("allow")} should pass, ${count("block")} should be refused) → ${path.relative(root, outFile)}\n`,
  );

  describe("current rule (nsfwVerdict)", scored, currentVerdict);
  describe("black-and-white: no second look below 0.20 (before)", scored, colourBlindVerdict);
  const mono = scored.filter((e) => e.monochrome);
  describe(`  black-and-white pictures only (${mono.length}), now`, mono, currentVerdict);
  describe(`  black-and-white pictures only (${mono.length}), before`, mono, colourBlindVerdict);
  describe("second opinion 0.58, close-up check (before)", scored, secondOpinionVerdict);
  describe("close-up check, no second opinion", scored, closeUpOnlyVerdict);
  describe("scores only (P+H ≥ 0.70)", scored, (e) => scoresOnlyVerdict(e.scores));
  describe("old rule (P+H ≥ 0.6 or Sexy ≥ 0.85)", scored, (e) => legacyVerdict(e.scores));
  print(
    "\nSecond opinion: the first refusal stands when the second's Porn + Hentai ≥ t2 (close-up check as the rule):",
  );
  for (let t2 = 0.3; t2 <= 0.951; t2 += 0.05) {
    describe(`t2 = ${t2.toFixed(2)}`, scored, (e) => {
      if (scoresOnlyVerdict(e.scores) === "allow") return "allow";
      if (explicitScore(e.second) < t2) return "allow";
      return inGreyBand(e.scores) && (isClothedCloseUp(e.closeUp) || isClothedPerson(e.closeUp))
        ? "allow"
        : "block";
    });
  }
  print(
    "\nIn the grey band, a person with a face passes when bare skin ≤ p of the body (the rest as the rule):",
  );
  for (const p of [0.25, 0.3, 0.33, 0.36, 0.4, 0.45, 0.5]) {
    describe(`person skin ≤ ${p.toFixed(2)}`, scored, (e) => {
      if (!inGreyBand(e.scores)) return currentVerdict(e);
      if (explicitScore(e.second) < NSFW_SECOND_OPINION_THRESHOLD) return "allow";
      const c = e.closeUp;
      const person = c.faces > 0 && c.personSkin !== null && c.personSkin <= p;
      return isClothedCloseUp(c) || person ? "allow" : "block";
    });
  }
  print("\nIn the grey band, allowed when face area ≥ f and body skin ≤ s (the rest as the rule):");
  for (const f of [0.03, 0.05, 0.1, 0.2, 0.3]) {
    for (const s of [0.1, 0.25, 0.3, 0.4]) {
      describe(`face ≥ ${f.toFixed(2)}, body skin ≤ ${s.toFixed(2)}`, scored, (e) => {
        if (!inGreyBand(e.scores)) return currentVerdict(e);
        if (explicitScore(e.second) < NSFW_SECOND_OPINION_THRESHOLD) return "allow";
        const c = e.closeUp;
        if (isClothedPerson(c)) return "allow";
        return c.faceArea >= f && c.bodySkin !== null && c.bodySkin <= s ? "allow" : "block";
      });
    }
  }
  print("\nRefused by the current rule, should be and are not, or asked for a second opinion:");
  for (const e of scored) {
    const verdict = currentVerdict(e);
    if (verdict === e.label && verdict === "allow" && !needsSecondOpinion(e.scores)) continue;
    const s = e.scores;
    const c = e.closeUp;
    print(
      `  ${verdict === e.label ? "ok   " : verdict === "block" ? "FP   " : "FN   "}${e.id.padEnd(44)} ${e.category.padEnd(22)} ${e.size.padEnd(10)} P+H ${explicitScore(s).toFixed(3)} S ${s.Sexy.toFixed(3)} | second P+H ${explicitScore(e.second).toFixed(3)}` +
        ` | faces ${c.faces} face ${c.faceArea.toFixed(3)} body skin ${c.bodySkin?.toFixed(3) ?? "-"} person skin ${c.personSkin?.toFixed(3) ?? "-"}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
