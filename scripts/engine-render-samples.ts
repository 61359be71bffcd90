/**
 * node --import tsx scripts/engine-render-samples.ts <out-dir>
 * Renders the landing page's before/after samples through the built-in engine: for each sample a
 * <id>-before.jpg and <id>-after.jpg, at most 900 px wide. Fixtures and their licences are listed in
 * packages/engine/fixtures/CREDITS.md. Only public-domain portraits of Western women ship with the
 * engine, so korean_* and foreigner_man fall back to them until licensed photos are added.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { type RetouchJob, retouchJob, retouchPortrait } from "../packages/engine/src/retouch.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "packages", "engine", "fixtures");
const outDir = process.argv[2];
if (!outDir) {
  console.error("usage: node --import tsx scripts/engine-render-samples.ts <out-dir>");
  process.exit(2);
}
const MAX_WIDTH = 720;

const base: RetouchJob = retouchJob({ scale_factor: 2 });

/**
 * Landing sample id → fixture and the spec 02 §5 style it shows. The picker labels name the
 * style, not the sitter: only public-domain portraits of two Western women ship with the engine,
 * so the East Asian and male styles are shown on them until licensed photos are added.
 */
const SAMPLES: Array<{ id: string; fixture: string; job: Partial<RetouchJob> }> = [
  { id: "korean_basic", fixture: "astronaut.jpg", job: { lora_index: 2 } },
  {
    id: "korean_makeup",
    fixture: "astronaut.jpg",
    job: { lora_index: 0, filter_index: 1, filter_strength: 0.2, filter_prompt: "asle" },
  },
  { id: "foreigner_man", fixture: "grace-hopper.jpg", job: { lora_index: 5 } },
  {
    id: "western_girl_makeup",
    fixture: "grace-hopper.jpg",
    job: { lora_index: 4, filter_index: 0, filter_strength: 0.3, filter_prompt: "studio" },
  },
];

fs.mkdirSync(outDir, { recursive: true });
for (const sample of SAMPLES) {
  const input = fs.readFileSync(path.join(fixtures, sample.fixture));
  const result = await retouchPortrait(input, { ...base, ...sample.job });
  const fitWidth = (bytes: Buffer) =>
    sharp(bytes)
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 84, mozjpeg: true })
      .toBuffer();
  const before = await sharp(input).resize(result.width, result.height, { kernel: "lanczos3" }).toBuffer();
  fs.writeFileSync(path.join(outDir, `${sample.id}-before.jpg`), await fitWidth(before));
  fs.writeFileSync(path.join(outDir, `${sample.id}-after.jpg`), await fitWidth(result.jpeg));
  console.info(
    `${sample.id}: ${sample.fixture}, style ${result.style}, identity ${result.identity?.cosine.toFixed(3)}`,
  );
}
await closeSrPools();
