/**
 * npm run nsfw:calibrate — classifies the labelled moderation set (scripts/nsfw-set.json) with the
 * engine's classifier and writes packages/engine/src/moderation-scores.json: per image its id,
 * label, category, source, the five class scores of three views (the whole image as uploads
 * are classified, its centre square, and its mirror image) and the close-up features of the
 * second check (nsfw.ts measureCloseUp: faces, face area, bare skin outside the face), measured
 * for every image although uploads measure them only in the grey band. No pixels are written
 * anywhere. Then it prints the false-positive and false-negative rates of the current rule, of
 * the two rules before it, and sweeps of both checks' thresholds, so thresholds are chosen from
 * numbers.
 *
 * The images are never committed. Each is read from, in order:
 *   1. $NSFW_SET_DIR/<id>.<ext> (default .scratch/nsfw-set/images/), a copy kept from an earlier run;
 *   2. a git mirror of its source repository at the recorded commit:
 *      $NSFW_SET_MIRRORS/<owner>+<name>/repo (default /work/.mirror), then copied to 1.
 * An image found in neither is reported and the run fails, so the fixture never silently shrinks.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import {
  type CloseUpFeatures,
  inGreyBand,
  NSFW_EXPLICIT_THRESHOLD,
  type NsfwScores,
  nsfwVerdict,
  type TNsfwVerdict,
} from "../packages/engine/src/moderation-rule.ts";
import { measureCloseUp, scoreNsfw } from "../packages/engine/src/nsfw.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const setFile = path.join(root, "scripts", "nsfw-set.json");
const outFile = path.join(root, "packages", "engine", "src", "moderation-scores.json");
const imageDir = path.resolve(process.env.NSFW_SET_DIR ?? path.join(root, ".scratch", "nsfw-set", "images"));
const mirrors = path.resolve(process.env.NSFW_SET_MIRRORS ?? "/work/.mirror");
const print = (line = "") => process.stdout.write(`${line}\n`);

interface SetEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  shows: string;
  source: { repo: string; commit: string; path: string };
  licence: string;
}

export interface ScoredEntry {
  id: string;
  label: TNsfwVerdict;
  category: string;
  source: string;
  scores: NsfwScores;
  centre: NsfwScores;
  mirrored: NsfwScores;
  closeUp: CloseUpFeatures;
}

function readFromMirror(entry: SetEntry): Buffer | null {
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
  const ext = path.extname(entry.source.path).toLowerCase() || ".img";
  const kept = path.join(imageDir, `${entry.id}${ext}`);
  if (fs.existsSync(kept)) return fs.readFileSync(kept);
  const bytes = readFromMirror(entry);
  if (bytes) {
    fs.mkdirSync(imageDir, { recursive: true });
    fs.writeFileSync(kept, bytes);
  }
  return bytes;
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

/** The three views: as uploads are classified, the centre square (no squashing), the mirror image. */
async function scoreViews(
  bytes: Buffer,
): Promise<Pick<ScoredEntry, "scores" | "centre" | "mirrored" | "closeUp">> {
  const upright = await sharp(bytes).rotate().toBuffer();
  const centreBytes = await sharp(upright).resize(448, 448, { fit: "cover" }).png().toBuffer();
  const mirroredBytes = await sharp(upright).flop().png().toBuffer();
  return {
    scores: rounded(await scoreNsfw(bytes)),
    centre: rounded(await scoreNsfw(centreBytes)),
    mirrored: rounded(await scoreNsfw(mirroredBytes)),
    closeUp: await measureCloseUp(bytes),
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
    entries.filter((e) => e.category !== "art-nude" && e.category !== "art-clothed"),
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

async function main() {
  const set = JSON.parse(fs.readFileSync(setFile, "utf8")) as SetEntry[];
  const scored: ScoredEntry[] = [];
  const missing: string[] = [];
  for (const entry of set) {
    const bytes = readImage(entry);
    if (!bytes) {
      missing.push(
        `${entry.id} (${entry.source.repo}@${entry.source.commit.slice(0, 10)}:${entry.source.path})`,
      );
      continue;
    }
    scored.push({
      id: entry.id,
      label: entry.label,
      category: entry.category,
      source: `${entry.source.repo}@${entry.source.commit.slice(0, 12)}:${entry.source.path}`,
      ...(await scoreViews(bytes)),
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

  describe("current rule (nsfwVerdict)", scored, (e) => nsfwVerdict(e.scores, e.closeUp));
  describe("scores only (P+H ≥ 0.70)", scored, (e) => scoresOnlyVerdict(e.scores));
  describe("old rule (P+H ≥ 0.6 or Sexy ≥ 0.85)", scored, (e) => legacyVerdict(e.scores));
  print("\nIn the grey band, allowed when face area ≥ f and body skin ≤ s (scores outside it as the rule):");
  for (const f of [0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.35]) {
    for (const s of [0.1, 0.2, 0.25, 0.3, 0.35]) {
      describe(`face ≥ ${f.toFixed(2)}, body skin ≤ ${s.toFixed(2)}`, scored, (e) => {
        if (!inGreyBand(e.scores)) return nsfwVerdict(e.scores);
        const c = e.closeUp;
        return c.faceArea >= f && c.bodySkin !== null && c.bodySkin <= s ? "allow" : "block";
      });
    }
  }
  print("\nPorn + Hentai ≥ t, whole image (and: both whole image and centre square):");
  for (let t = 0.3; t <= 0.951; t += 0.05) {
    const explicit = (s: NsfwScores) => s.Porn + s.Hentai >= t;
    describe(`t = ${t.toFixed(2)}`, scored, (e) => (explicit(e.scores) ? "block" : "allow"));
    describe(`t = ${t.toFixed(2)}, whole and centre agree`, scored, (e) =>
      explicit(e.scores) && explicit(e.centre) ? "block" : "allow",
    );
  }
  print("\nRefused by the current rule, should be and are not, or in the grey band:");
  for (const e of scored) {
    const verdict = nsfwVerdict(e.scores, e.closeUp);
    if (verdict === e.label && verdict === "allow" && !inGreyBand(e.scores)) continue;
    const s = e.scores;
    const c = e.closeUp;
    print(
      `  ${verdict === e.label ? "ok   " : verdict === "block" ? "FP   " : "FN   "}${e.id.padEnd(40)} ${e.category.padEnd(20)} P ${s.Porn.toFixed(3)} H ${s.Hentai.toFixed(3)} S ${s.Sexy.toFixed(3)} D ${s.Drawing.toFixed(3)} N ${s.Neutral.toFixed(3)}` +
        ` | faces ${c.faces} face ${c.faceArea.toFixed(3)} body skin ${c.bodySkin?.toFixed(3) ?? "-"}`,
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
