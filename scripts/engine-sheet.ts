/**
 * npm run engine:sheet [dir] [out.png] — a before/after contact sheet of the engine on a folder of
 * portraits (default: the committed fixtures; e.g. `.scratch/faces` for a borrowed face set), with
 * the held-back quality figures (quality/metrics.ts) for each result, in the sheet and on stdout.
 *
 * Per portrait: the input, the detected regions, the default style (basic, nothing excluded, 1×),
 * the makeup style (lora_index 0, 1×), and at 2× (basic, AI upscale) a 100% cheek crop of the
 * Lanczos3 enlargement beside the same crop of the engine's result. Figures: hf = skin
 * high-frequency ratio against the (Lanczos) input, ΔE = largest mean CIEDE2000 over the protected
 * regions (eyes, untouched area), id = identity cosine. A face whose skin has no visible texture
 * (texture RMS below VISIBLE_TEXTURE_RMS) is marked "flat": its ratio is reported, not judged.
 * Inputs over 1 megapixel are reduced to 1024 px on the long side for the 2× column only.
 * Written to packages/engine/out/contact-sheet.png by default; the summary line is JSON.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { analyzeImage, type TFaceAnalysis } from "../packages/engine/src/face/analyze.ts";
import {
  decodeImage,
  encodeJpeg,
  encodePng,
  type RgbImage,
  resizeLanczos,
} from "../packages/engine/src/image.ts";
import { drawRegions, REGION_COLORS } from "../packages/engine/src/overlay.ts";
import {
  HF_RATIO_TARGET,
  measureRetouch,
  summarize,
  type TQualityReport,
} from "../packages/engine/src/quality/metrics.ts";
import { retouchJob, retouchPortrait } from "../packages/engine/src/retouch.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dir = path.resolve(
  args.find((a) => !a.endsWith(".png")) ?? path.join(root, "packages", "engine", "fixtures"),
);
const outFile = path.resolve(
  args.find((a) => a.endsWith(".png")) ?? path.join(root, "packages", "engine", "out", "contact-sheet.png"),
);
const CELL = 300;
const LABEL = 40;
const TWO_X_MAX_SIDE = 1024;

type TVariant = "default" | "makeup" | "2x";

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);
}

function label(lines: string[], width: number, background = "#111"): Buffer {
  const text = lines
    .map(
      (l, i) =>
        `<text x="6" y="${15 + i * 16}" font-family="sans-serif" font-size="13" fill="#eee">${escapeXml(l)}</text>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="${background}"/>${text}</svg>`,
  );
}

async function cell(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(CELL, CELL, { fit: "contain", background: "#000" }).png().toBuffer();
}

/** A CELL-px 100% crop around the main face's left cheek (where pores show). */
async function cheekCrop(image: RgbImage, analysis: TFaceAnalysis, scale: number): Promise<Buffer> {
  const [bx, by, bw, bh] = analysis.faces[0]!.box.map((v) => v * scale) as [number, number, number, number];
  const side = Math.min(CELL, image.width, image.height);
  const left = Math.round(Math.min(image.width - side, Math.max(0, bx + bw * 0.3 - side / 2)));
  const top = Math.round(Math.min(image.height - side, Math.max(0, by + bh * 0.62 - side / 2)));
  return cell(
    await sharp(await encodePng(image))
      .extract({ left, top, width: side, height: side })
      .png()
      .toBuffer(),
  );
}

function figures(q: TQualityReport): string {
  return `hf ${q.hfRatio.toFixed(2)} ΔE ${q.maxProtectedDeltaE.toFixed(2)} id ${q.identity?.toFixed(3) ?? "–"}`;
}

const files = fs
  .readdirSync(dir)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort();
const rows: Array<{ name: string; cells: Buffer[]; notes: string[] }> = [];
const stats: Record<TVariant, TQualityReport[]> = { default: [], makeup: [], "2x": [] };
const flat: string[] = [];
const print = (line: string) => process.stdout.write(`${line}\n`);
print(`engine sheet: ${files.length} image(s) from ${path.relative(root, dir) || "."}`);

for (const file of files) {
  const bytes = fs.readFileSync(path.join(dir, file));
  const image = await decodeImage(bytes);
  const analysis = await analyzeImage(image);
  const base = await resizeLanczos(image, analysis.regions.skin.width, analysis.regions.skin.height);
  const overlay = await encodePng(drawRegions(base, analysis));
  const cells = [await cell(await encodePng(image)), await cell(overlay)];
  if (analysis.faces.length === 0) {
    const result = await retouchPortrait(bytes, retouchJob());
    cells.push(await cell(result.jpeg));
    rows.push({ name: file, cells, notes: ["no face: whole-image enhancement"] });
    print(`${file}: no face`);
    continue;
  }
  const notes: string[] = [];
  const line: string[] = [];
  for (const [variant, lora] of [
    ["default", 2],
    ["makeup", 0],
  ] as const) {
    const result = await retouchPortrait(bytes, retouchJob({ lora_index: lora }));
    const output = await decodeImage(result.jpeg);
    const q = await measureRetouch({ input: image, output, analysis });
    stats[variant].push(q);
    cells.push(await cell(result.jpeg));
    notes.push(`${variant}: ${figures(q)}`);
    line.push(`${variant} ${figures(q)}`);
    if (variant === "default" && !q.texture.visible) flat.push(file);
  }
  // 2×: on a copy of at most TWO_X_MAX_SIDE px (the AI upscale of a large photo takes minutes here).
  const long = Math.max(image.width, image.height);
  const k = long > TWO_X_MAX_SIDE ? TWO_X_MAX_SIDE / long : 1;
  const small =
    k < 1 ? await resizeLanczos(image, Math.round(image.width * k), Math.round(image.height * k)) : image;
  const smallBytes = k < 1 ? await encodeJpeg(small, 95) : bytes;
  const smallInput = k < 1 ? await decodeImage(smallBytes) : image;
  const smallAnalysis = k < 1 ? await analyzeImage(smallInput) : analysis;
  if (smallAnalysis.faces.length > 0) {
    const result = await retouchPortrait(smallBytes, retouchJob({ scale_factor: 2 }));
    const output = await decodeImage(result.jpeg);
    const q = await measureRetouch({ input: smallInput, output, analysis: smallAnalysis });
    stats["2x"].push(q);
    const lanczos = await resizeLanczos(smallInput, output.width, output.height);
    cells.push(await cheekCrop(lanczos, smallAnalysis, 2), await cheekCrop(output, smallAnalysis, 2));
    notes.push(`2x${k < 1 ? ` (of ${smallInput.width}px)` : ""}: ${figures(q)}`);
    line.push(`2x ${figures(q)}`);
  }
  const texture = stats.default.at(-1)!.texture;
  const head = `${file}: ${analysis.faces.length} face(s), texture ${texture.rms.toFixed(2)}${texture.visible ? "" : " (flat)"}`;
  rows.push({ name: head, cells, notes });
  print(`${head} | ${line.join(" | ")}`);
}
await closeSrPools();

const legend = Object.entries(REGION_COLORS)
  .filter(([name]) => name !== "person")
  .map(([name, [r, g, b]]) => `<tspan fill="rgb(${r},${g},${b})">■ ${name}</tspan>`)
  .join("  ");
const columns = 6;
const width = columns * (CELL + 8);
const rowHeight = LABEL * 2 + CELL + 8;
const height = LABEL + rows.length * rowHeight;
const composites: sharp.OverlayOptions[] = [
  {
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LABEL}"><rect width="100%" height="100%" fill="#222"/><text x="8" y="16" font-family="sans-serif" font-size="13" fill="#ccc">input | regions ${legend} | default (basic) | makeup | 2× cheek, 100%: Lanczos3 | engine</text><text x="8" y="33" font-family="sans-serif" font-size="12" fill="#aaa">hf: skin high-frequency ratio vs the (Lanczos) input, target ${HF_RATIO_TARGET.join("–")} on textured skin; ΔE: max mean CIEDE2000 in protected regions; id: identity cosine</text></svg>`,
    ),
    left: 0,
    top: 0,
  },
];
rows.forEach((row, r) => {
  const top = LABEL + r * rowHeight;
  composites.push({ input: label([row.name, row.notes.join("  ·  ")], width), left: 0, top });
  for (const [i, c] of row.cells.entries())
    composites.push({ input: c, left: i * (CELL + 8), top: top + LABEL });
});
fs.mkdirSync(path.dirname(outFile), { recursive: true });
await sharp({ create: { width, height, channels: 3, background: "#000" } })
  .composite(composites)
  .png()
  .toFile(outFile);

/** Figures over the faces with visible skin texture (flat ones are reported above, not judged). */
const summary = Object.fromEntries(
  (Object.keys(stats) as TVariant[]).map((variant) => {
    const judged = stats[variant].filter((q) => q.texture.visible);
    const hf = summarize(judged.map((q) => q.hfRatio));
    const inBand = judged.filter(
      (q) => q.hfRatio >= HF_RATIO_TARGET[0] && q.hfRatio <= HF_RATIO_TARGET[1],
    ).length;
    return [
      variant,
      {
        faces: stats[variant].length,
        textured: judged.length,
        inBand,
        hf: { min: +hf.min.toFixed(3), median: +hf.median.toFixed(3), max: +hf.max.toFixed(3) },
        identityMin: +summarize(stats[variant].map((q) => q.identity ?? Number.NaN)).min.toFixed(4),
        maxProtectedDeltaE: +summarize(stats[variant].map((q) => q.maxProtectedDeltaE)).max.toFixed(2),
      },
    ];
  }),
);
print(`flat (not judged): ${flat.join(", ") || "none"}`);
print(`contact sheet: ${outFile}`);
print(JSON.stringify(summary));
