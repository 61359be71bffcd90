/**
 * npm run engine:sheet [out.png] — a before/after contact sheet of the engine fixtures: for each
 * portrait, the input, the detected regions drawn over it, and the retouch result (basic style,
 * nothing excluded, scale 1). Written to packages/engine/out/contact-sheet.png by default.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { analyzeImage } from "../packages/engine/src/face/analyze.ts";
import { decodeImage, encodePng, resizeLanczos } from "../packages/engine/src/image.ts";
import { drawRegions, REGION_COLORS } from "../packages/engine/src/overlay.ts";
import { retouchJob, retouchPortrait } from "../packages/engine/src/retouch.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "packages", "engine", "fixtures");
const outFile = path.resolve(
  process.argv[2] ?? path.join(root, "packages", "engine", "out", "contact-sheet.png"),
);
const CELL = 360;
const LABEL = 28;

const job = retouchJob();

function label(text: string, width: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#111"/><text x="8" y="19" font-family="sans-serif" font-size="14" fill="#eee">${text}</text></svg>`;
  return Buffer.from(svg);
}

async function cell(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(CELL, CELL, { fit: "contain", background: "#000" }).png().toBuffer();
}

const files = fs.readdirSync(fixtures).filter((f) => /\.(jpe?g|png)$/i.test(f));
const rows: Array<{ name: string; cells: Buffer[]; note: string }> = [];
for (const file of files) {
  const bytes = fs.readFileSync(path.join(fixtures, file));
  const image = await decodeImage(bytes);
  const analysis = await analyzeImage(image);
  const base = await resizeLanczos(image, analysis.regions.skin.width, analysis.regions.skin.height);
  const overlay = await encodePng(drawRegions(base, analysis));
  const result = await retouchPortrait(bytes, job);
  rows.push({
    name: file,
    cells: [await cell(await encodePng(image)), await cell(overlay), await cell(result.jpeg)],
    note: `${analysis.faces.length} face(s)${result.identity ? `, identity ${result.identity.cosine.toFixed(3)}` : ", no face: whole-image enhancement"}`,
  });
}
await closeSrPools();

const legend = Object.entries(REGION_COLORS)
  .filter(([name]) => name !== "person")
  .map(([name, [r, g, b]]) => `<tspan fill="rgb(${r},${g},${b})">■ ${name}</tspan>`)
  .join("  ");
const width = CELL * 3 + 16;
const height = LABEL + rows.length * (CELL + LABEL + 8);
const composites: sharp.OverlayOptions[] = [
  {
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#222"/><text x="8" y="19" font-family="sans-serif" font-size="13" fill="#ccc">input | regions (background dimmed) ${legend} | retouch</text></svg>`,
    ),
    left: 0,
    top: 0,
  },
];
rows.forEach((row, r) => {
  const top = LABEL + r * (CELL + LABEL + 8);
  composites.push({ input: label(`${row.name}: ${row.note}`, width), left: 0, top });
  for (const [i, c] of row.cells.entries())
    composites.push({ input: c, left: i * (CELL + 8), top: top + LABEL });
});
fs.mkdirSync(path.dirname(outFile), { recursive: true });
await sharp({ create: { width, height, channels: 3, background: "#000" } })
  .composite(composites)
  .png()
  .toFile(outFile);
console.info(`contact sheet: ${outFile}`);
