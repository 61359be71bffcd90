/**
 * The landing's before/after samples as responsive images (issue 17, Delivery): for every
 * public/samples/<id>-<side>.jpg, AVIF and WebP at each width in SAMPLE_WIDTHS (and the file's own
 * width), plus a smaller JPEG, under public/samples/variants/, and the widths of each in
 * src/features/landing/sample-variants.json (what the <picture> lists). The original JPEG stays
 * the fallback. The outputs are committed; run this again after re-rendering the samples:
 *   node apps/web/scripts/sample-variants.mjs
 * With --check it writes nothing and fails when a variant is missing or older than its source.
 */
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

/** Phones show the slider about 330 CSS px wide, desktops about 500. */
export const SAMPLE_WIDTHS = [320];
const here = path.dirname(fileURLToPath(import.meta.url));
const samplesDir = path.resolve(here, "..", "public", "samples");
const outDir = path.join(samplesDir, "variants");
const check = process.argv.includes("--check");

const sources = readdirSync(samplesDir).filter((name) => /-(before|after)\.jpg$/.test(name));
const problems = [];
const widths = {};
let written = 0;
if (!check) mkdirSync(outDir, { recursive: true });
for (const name of sources) {
  const file = path.join(samplesDir, name);
  const base = name.replace(/\.jpg$/, "");
  const { width } = await sharp(file).metadata();
  widths[base] = [...SAMPLE_WIDTHS.filter((candidate) => candidate < width), width];
  for (const w of widths[base]) {
    const outputs = [
      ["avif", (image) => image.avif({ quality: 55, effort: 6 })],
      ["webp", (image) => image.webp({ quality: 78, effort: 6 })],
      ...(w < width ? [["jpg", (image) => image.jpeg({ quality: 80, mozjpeg: true })]] : []),
    ];
    for (const [ext, encode] of outputs) {
      const out = path.join(outDir, `${base}-${w}.${ext}`);
      const isFresh = existsSync(out) && statSync(out).mtimeMs >= statSync(file).mtimeMs;
      if (check) {
        if (!existsSync(out)) problems.push(`missing ${path.relative(samplesDir, out)}`);
        continue;
      }
      if (isFresh) continue;
      await encode(sharp(file).resize({ width: w })).toFile(out);
      written += 1;
    }
  }
}
const manifest = path.resolve(here, "..", "src", "features", "landing", "sample-variants.json");
const sorted = Object.fromEntries(Object.entries(widths).sort(([a], [b]) => a.localeCompare(b)));
if (!check) writeFileSync(manifest, `${JSON.stringify(sorted, null, 2)}\n`);
if (problems.length > 0) {
  process.stderr.write(`${problems.join("\n")}\nrun: node apps/web/scripts/sample-variants.mjs\n`);
  process.exit(1);
}
process.stdout.write(`${check ? "checked" : `wrote ${written} variants for`} ${sources.length} samples\n`);
