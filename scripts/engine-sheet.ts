/**
 * npm run engine:sheet [dir] [out.png] [--json=out.json] [--columns=basic,fair,2x] — every style, filter and control of the
 * built-in engine side by side on a folder of portraits (default: the committed fixtures; e.g.
 * `.scratch/faces-holdout` for a borrowed set), with the held-back quality figures
 * (quality/metrics.ts) in each cell and on stdout, so a reviewer sees the whole range at once.
 *
 * Per portrait, one row: the input and its detected regions; each style at its defaults (basic,
 * makeup, matte makeup, glossy, basic chic, male basic; 1×, nothing excluded); the studio filter
 * at 0.5 and fair skin at 0.75 over basic; each fine-tuning control at 1 over basic (the others at
 * basic's defaults); and at 2× (basic, AI upscale) a 100% cheek crop of the Lanczos3 enlargement
 * beside the same crop of the engine's result.
 *
 * Figures: hf = skin high-frequency ratio against the (Lanczos) input (the default styles aim at
 * 0.4–0.8 on textured skin); id = identity cosine (≥ 0.95); e/b/l = CIEDE2000 of the eyes, brows
 * and lips against the input; for the controls, Δ = mean CIEDE2000 against basic over the skin
 * (what the control changed); for 2×, up = the skin texture kept against a plain Lanczos
 * enlargement of the 1× result (≥ 0.8). A face whose skin has no visible texture (RMS below
 * VISIBLE_TEXTURE_RMS) is marked "flat": its hf is reported, not judged. Inputs over 1 megapixel
 * are reduced to 1024 px on the long side for the 2× column only. Written to
 * packages/engine/out/contact-sheet.png by default; the summary is printed as JSON.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp, { type OverlayOptions } from "sharp";
import { analyzeImage, type TFaceAnalysis } from "../packages/engine/src/face/analyze.ts";
import {
  decodeImage,
  encodeJpeg,
  encodePng,
  enlargeMask,
  type RgbImage,
  resizeLanczos,
} from "../packages/engine/src/image.ts";
import { drawRegions, REGION_COLORS } from "../packages/engine/src/overlay.ts";
import {
  HF_RATIO_TARGET,
  meanDeltaE2000,
  measureRetouch,
  summarize,
  type TQualityReport,
} from "../packages/engine/src/quality/metrics.ts";
import { type RetouchJob, retouchJob, retouchPortrait } from "../packages/engine/src/retouch.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";
import { RETOUCH_CONTROLS, type TRetouchControl } from "../packages/shared/src/retouch.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const dir = path.resolve(
  args.find((a) => !a.endsWith(".png") && !a.startsWith("--")) ??
    path.join(root, "packages", "engine", "fixtures"),
);
const outFile = path.resolve(
  args.find((a) => a.endsWith(".png")) ?? path.join(root, "packages", "engine", "out", "contact-sheet.png"),
);
const jsonFile = args.find((a) => a.startsWith("--json="))?.slice(7);
const CELL = 240;
const LABEL = 34;
const TWO_X_MAX_SIDE = 1024;

/** What each column runs: a job over the basic style's. */
const ALL_VARIANTS: ReadonlyArray<{
  id: string;
  title: string;
  job: Partial<RetouchJob>;
  kind: "style" | "filter" | "control";
}> = [
  { id: "basic", title: "basic", job: { lora_index: 2 }, kind: "style" },
  { id: "makeup", title: "makeup", job: { lora_index: 0 }, kind: "style" },
  { id: "matte", title: "matte makeup", job: { lora_index: 7 }, kind: "style" },
  { id: "glossy", title: "glossy", job: { lora_index: 1 }, kind: "style" },
  { id: "chic", title: "basic chic", job: { lora_index: 8 }, kind: "style" },
  { id: "male", title: "male basic", job: { lora_index: 6 }, kind: "style" },
  { id: "studio", title: "studio 0.5", job: { filter_index: 0, filter_strength: 0.5 }, kind: "filter" },
  {
    id: "fair",
    title: "fair skin 0.75",
    job: { filter_index: 1, filter_strength: 0.75, filter_prompt: "asle" },
    kind: "filter",
  },
  ...RETOUCH_CONTROLS.map((control: TRetouchControl) => ({
    id: control,
    title: `${control.replace("_", " ")} 1`,
    job: { [control]: 1 } as Partial<RetouchJob>,
    kind: "control" as const,
  })),
];

/** `--columns=basic,fair,2x` renders only those columns (a quicker pass over a large set). */
const only = args
  .find((a) => a.startsWith("--columns="))
  ?.slice(10)
  .split(",");
const VARIANTS = only ? ALL_VARIANTS.filter((v) => only.includes(v.id)) : ALL_VARIANTS;
const withTwoX = !only || only.includes("2x");
type TColumn = (typeof ALL_VARIANTS)[number]["id"] | "2x";

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c]!);
}

function label(lines: string[], width: number, height = LABEL, background = "#111"): Buffer {
  const text = lines
    .map(
      (l, i) =>
        `<text x="4" y="${13 + i * 14}" font-family="sans-serif" font-size="11.5" fill="#eee">${escapeXml(l)}</text>`,
    )
    .join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/>${text}</svg>`,
  );
}

async function cell(png: Buffer): Promise<Buffer> {
  return sharp(png).resize(CELL, CELL, { fit: "contain", background: "#000" }).png().toBuffer();
}

/** A square 100% crop around the main face's left cheek (where pores show). */
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
  const f = q.featureDeltaE;
  return `hf ${q.hfRatio.toFixed(2)} id ${q.identity?.toFixed(3) ?? "–"} e${f.eyes.toFixed(1)} b${f.brows.toFixed(1)} l${f.lips.toFixed(1)}`;
}

const files = fs
  .readdirSync(dir)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort();
const rows: Array<{ head: string; cells: Array<{ png: Buffer; note: string }> }> = [];
const stats = new Map<TColumn, TQualityReport[]>();
const controlDeltas = new Map<string, number[]>();
const flat: string[] = [];
const print = (line: string) => process.stdout.write(`${line}\n`);
print(`engine sheet: ${files.length} image(s) from ${path.relative(root, dir) || "."}`);

for (const file of files) {
  const bytes = fs.readFileSync(path.join(dir, file));
  const image = await decodeImage(bytes);
  const analysis = await analyzeImage(image);
  const base = await resizeLanczos(image, analysis.regions.skin.width, analysis.regions.skin.height);
  const cells: Array<{ png: Buffer; note: string }> = [
    { png: await cell(await encodePng(image)), note: `${image.width}×${image.height}` },
    {
      png: await cell(await encodePng(drawRegions(base, analysis))),
      note: `${analysis.faces.length} face(s)`,
    },
  ];
  if (analysis.faces.length === 0) {
    const result = await retouchPortrait(bytes, retouchJob());
    cells.push({ png: await cell(result.jpeg), note: "no face: whole image" });
    rows.push({ head: `${file}: no face`, cells });
    print(`${file}: no face`);
    continue;
  }
  const skin = enlargeMask(analysis.regions.skin, image.width, image.height).data;
  let basic: RgbImage | null = null;
  const line: string[] = [];
  for (const variant of VARIANTS) {
    const result = await retouchPortrait(bytes, retouchJob(variant.job));
    const output = await decodeImage(result.jpeg);
    if (variant.id === "basic") basic = output;
    const q = await measureRetouch({ input: image, output, analysis });
    const list = stats.get(variant.id) ?? [];
    list.push(q);
    stats.set(variant.id, list);
    let note = figures(q);
    if (variant.kind === "control" && basic) {
      const delta = meanDeltaE2000(basic, output, skin).mean;
      controlDeltas.set(variant.id, [...(controlDeltas.get(variant.id) ?? []), delta]);
      note = `Δ ${delta.toFixed(2)} vs basic · id ${q.identity?.toFixed(3) ?? "–"}`;
    }
    cells.push({ png: await cell(result.jpeg), note });
    line.push(`${variant.id} ${note}`);
    if (variant.id === "basic" && !q.texture.visible) flat.push(file);
  }
  if (withTwoX) await twoX();
  async function twoX() {
    // 2×: on a copy of at most TWO_X_MAX_SIDE px (the AI upscale of a large photo takes minutes here).
    const long = Math.max(image.width, image.height);
    const k = long > TWO_X_MAX_SIDE ? TWO_X_MAX_SIDE / long : 1;
    const small =
      k < 1 ? await resizeLanczos(image, Math.round(image.width * k), Math.round(image.height * k)) : image;
    const smallBytes = k < 1 ? await encodeJpeg(small, 95) : bytes;
    const smallInput = k < 1 ? await decodeImage(smallBytes) : image;
    const smallAnalysis = k < 1 ? await analyzeImage(smallInput) : analysis;
    if (smallAnalysis.faces.length > 0) {
      const at1 = await decodeImage((await retouchPortrait(smallBytes, retouchJob())).jpeg);
      const result = await retouchPortrait(smallBytes, retouchJob({ scale_factor: 2 }));
      const output = await decodeImage(result.jpeg);
      const q = await measureRetouch({
        input: smallInput,
        output,
        analysis: smallAnalysis,
        retouchedAt1x: at1,
      });
      const list = stats.get("2x") ?? [];
      list.push(q);
      stats.set("2x", list);
      const lanczos = await resizeLanczos(smallInput, output.width, output.height);
      const note = `up ${q.upscaleTextureKeep?.toFixed(2)} hf ${q.hfRatio.toFixed(2)}${k < 1 ? ` (of ${smallInput.width}px)` : ""}`;
      cells.push({ png: await cheekCrop(lanczos, smallAnalysis, 2), note: "2× Lanczos3, 100%" });
      cells.push({ png: await cheekCrop(output, smallAnalysis, 2), note });
      line.push(`2x ${note}`);
    }
  }
  const texture = stats.get("basic")!.at(-1)!.texture;
  const head = `${file}: ${analysis.faces.length} face(s), texture ${texture.rms.toFixed(2)}${texture.visible ? "" : " (flat)"}`;
  rows.push({ head, cells });
  print(`${head} | ${line.join(" | ")}`);
}
await closeSrPools();

const legend = Object.entries(REGION_COLORS)
  .filter(([name]) => name !== "person")
  .map(([name, [r, g, b]]) => `<tspan fill="rgb(${r},${g},${b})">■ ${name}</tspan>`)
  .join("  ");
const titles = [
  "input",
  "regions",
  ...VARIANTS.map((v) => v.title),
  ...(withTwoX ? ["2× Lanczos3", "2× engine"] : []),
];
const columns = titles.length;
const width = columns * (CELL + 6);
const rowHeight = LABEL + 18 + CELL + 6;
const header = 2 * LABEL;
const height = header + rows.length * rowHeight;
const composites: OverlayOptions[] = [
  {
    input: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${header}"><rect width="100%" height="100%" fill="#222"/><text x="8" y="16" font-family="sans-serif" font-size="13" fill="#ccc">${escapeXml(titles.join(" | "))}</text><text x="8" y="34" font-family="sans-serif" font-size="12" fill="#aaa">regions: ${legend}</text><text x="8" y="52" font-family="sans-serif" font-size="12" fill="#aaa">hf: skin high-frequency ratio vs the input, target ${HF_RATIO_TARGET.join("–")} on textured skin; id: identity cosine; e/b/l: CIEDE2000 of eyes, brows, lips; Δ: a control's change vs basic over the skin; up: 2× texture vs a plain enlargement of the 1× result</text></svg>`,
    ),
    left: 0,
    top: 0,
  },
];
rows.forEach((row, r) => {
  const top = header + r * rowHeight;
  composites.push({ input: label([row.head], width, LABEL / 2 + 4), left: 0, top });
  for (const [i, c] of row.cells.entries()) {
    composites.push({
      input: label([c.note], CELL, 18, "#000"),
      left: i * (CELL + 6),
      top: top + LABEL / 2 + 4,
    });
    composites.push({ input: c.png, left: i * (CELL + 6), top: top + LABEL / 2 + 22 });
  }
});
fs.mkdirSync(path.dirname(outFile), { recursive: true });
await sharp({ create: { width, height, channels: 3, background: "#000" } })
  .composite(composites)
  .png()
  .toFile(outFile);

/** Figures over the faces with visible skin texture (flat ones are reported above, not judged). */
const summary = Object.fromEntries(
  [...stats.entries()].map(([column, reports]) => {
    const judged = reports.filter((q) => q.texture.visible);
    const hf = summarize(judged.map((q) => q.hfRatio));
    const inBand = judged.filter(
      (q) => q.hfRatio >= HF_RATIO_TARGET[0] && q.hfRatio <= HF_RATIO_TARGET[1],
    ).length;
    const features = (key: "eyes" | "brows" | "lips") =>
      +summarize(reports.map((q) => q.featureDeltaE[key])).max.toFixed(2);
    const deltas = controlDeltas.get(column);
    return [
      column,
      {
        faces: reports.length,
        textured: judged.length,
        inBand,
        hf: { min: +hf.min.toFixed(3), median: +hf.median.toFixed(3), max: +hf.max.toFixed(3) },
        identityMin: +summarize(reports.map((q) => q.identity ?? Number.NaN)).min.toFixed(4),
        identityBelow095: reports.filter((q) => q.identity !== null && q.identity < 0.95).length,
        maxDeltaE: { eyes: features("eyes"), brows: features("brows"), lips: features("lips") },
        ...(deltas ? { deltaVsBasic: summarize(deltas) } : {}),
        ...(column === "2x"
          ? {
              upscaleTextureKeepMin: +summarize(
                reports.map((q) => q.upscaleTextureKeep ?? Number.NaN),
              ).min.toFixed(3),
            }
          : {}),
      },
    ];
  }),
);
print(`flat (not judged): ${flat.join(", ") || "none"}`);
print(`contact sheet: ${outFile}`);
print(JSON.stringify(summary));
if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify({ flat, summary }, null, 2));
