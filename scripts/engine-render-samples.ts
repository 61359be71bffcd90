/**
 * node --import tsx scripts/engine-render-samples.ts [public-dir]   (default apps/web/public)
 * Renders, through the built-in engine, every picture of the product that shows what the engine
 * does; the outputs are committed (small JPEGs) and this script is how they are made again:
 * - samples/<id>-before.jpg, samples/<id>-after.jpg: the landing page's before/after slider (spec 01
 *   §1 sample ids). Each is a head-and-shoulders crop of a fixture whose sitter matches the sample's
 *   label, retouched in that style with the 2× upscale; "before" is the same crop enlarged with
 *   Lanczos3, so the slider shows what a visitor would get back for that photo.
 * - styles/<gender>-<ethnicity>-<style>.jpg: the retouch page's style picker previews, one per
 *   style each gender and ethnicity is offered (spec 02 §5): a square face crop, the original on
 *   the left half and the style's result on the right, split down the middle of the face.
 * Fixtures and their licences: packages/engine/fixtures/CREDITS.md.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { analyzeImage } from "../packages/engine/src/face/analyze.ts";
import { decodeImage } from "../packages/engine/src/image.ts";
import { type RetouchJob, retouchJob, retouchPortrait } from "../packages/engine/src/retouch.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";
import {
  ETHNICITIES,
  GENDERS,
  listRetouchStyles,
  resolveLoraIndex,
  type TEthnicity,
  type TGender,
} from "../packages/shared/src/retouch.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "packages", "engine", "fixtures");
const publicDir = path.resolve(process.argv[2] ?? path.join(root, "apps", "web", "public"));

/** The web's default retouch areas (lips and brows excluded), as a visitor's first job has them. */
const WEB_DEFAULT: Partial<RetouchJob> = {
  upper_lip: true,
  lower_lip: true,
  left_eyebrow: true,
  right_eyebrow: true,
};

/** Whose photo shows each gender and ethnicity (CREDITS.md). */
const SITTERS: Record<`${TGender}-${TEthnicity}`, string> = {
  "female-east_asian": "grace-meng.jpg",
  "female-western": "astronaut.jpg",
  "male-east_asian": "mark-takano.jpg",
  "male-western": "martin-heinrich.jpg",
};

/** Landing sample id (spec 01 §1) → the sitter its label names and the style it shows. */
const SAMPLES: Array<{ id: string; gender: TGender; ethnicity: TEthnicity; job: Partial<RetouchJob> }> = [
  { id: "korean_basic", gender: "female", ethnicity: "east_asian", job: { lora_index: 2 } },
  { id: "korean_makeup", gender: "female", ethnicity: "east_asian", job: { lora_index: 0 } },
  { id: "foreigner_man", gender: "male", ethnicity: "western", job: { lora_index: 5 } },
  { id: "western_girl_makeup", gender: "female", ethnicity: "western", job: { lora_index: 4 } },
];

/** The face box of a fixture, in its pixels. */
async function faceBox(bytes: Buffer): Promise<[number, number, number, number]> {
  const face = (await analyzeImage(await decodeImage(bytes))).faces[0];
  if (!face) throw new Error("no face in the fixture");
  return face.box;
}

/** A crop of `bytes` around the face: `widthK` face widths wide, aspect w:h, the face at `faceTop`. */
async function cropAroundFace(
  bytes: Buffer,
  widthK: number,
  aspect: number,
  faceTop: number,
): Promise<Buffer> {
  const meta = await sharp(bytes).metadata();
  const W = meta.width!;
  const H = meta.height!;
  const [x, y, w, h] = await faceBox(bytes);
  let width = Math.min(W, Math.round(w * widthK));
  let height = Math.round(width / aspect);
  if (height > H) {
    height = H;
    width = Math.round(height * aspect);
  }
  const left = Math.min(W - width, Math.max(0, Math.round(x + w / 2 - width / 2)));
  const top = Math.min(H - height, Math.max(0, Math.round(y + h * 0.5 - height * faceTop)));
  return sharp(bytes).extract({ left, top, width, height }).png().toBuffer();
}

async function renderLanding(): Promise<void> {
  const dir = path.join(publicDir, "samples");
  fs.mkdirSync(dir, { recursive: true });
  for (const sample of SAMPLES) {
    const fixture = SITTERS[`${sample.gender}-${sample.ethnicity}`];
    const bytes = fs.readFileSync(path.join(fixtures, fixture));
    // Head and shoulders at the slider's 4:5, so the face is large enough to see the retouch.
    const input = await cropAroundFace(
      bytes,
      sample.ethnicity === "western" && sample.gender === "female" ? 1.9 : 2.3,
      4 / 5,
      0.42,
    );
    const job = retouchJob({ ...WEB_DEFAULT, scale_factor: 2, ...sample.job });
    const result = await retouchPortrait(input, job);
    const encode = (image: sharp.Sharp) => image.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
    const before = sharp(input).resize(result.width, result.height, { kernel: "lanczos3" });
    fs.writeFileSync(path.join(dir, `${sample.id}-before.jpg`), await encode(before));
    fs.writeFileSync(path.join(dir, `${sample.id}-after.jpg`), await encode(sharp(result.jpeg)));
    console.info(
      `samples/${sample.id}: ${fixture}, style ${result.style}, ${result.width}×${result.height}, identity ${result.identity?.cosine.toFixed(3)}`,
    );
  }
}

const PREVIEW_PX = 224;

async function renderStylePreviews(): Promise<void> {
  const dir = path.join(publicDir, "styles");
  fs.mkdirSync(dir, { recursive: true });
  for (const gender of GENDERS) {
    for (const ethnicity of ETHNICITIES) {
      const fixture = SITTERS[`${gender}-${ethnicity}`];
      const crop = await cropAroundFace(fs.readFileSync(path.join(fixtures, fixture)), 1.25, 1, 0.5);
      for (const style of listRetouchStyles(gender, ethnicity)) {
        const lora = resolveLoraIndex(gender, ethnicity, style);
        const result = await retouchPortrait(crop, retouchJob({ ...WEB_DEFAULT, lora_index: lora }));
        const size = { width: PREVIEW_PX, height: PREVIEW_PX, kernel: "lanczos3" as const };
        const half = PREVIEW_PX / 2;
        const before = await sharp(crop)
          .resize(size)
          .extract({ left: 0, top: 0, width: half, height: PREVIEW_PX })
          .toBuffer();
        const after = await sharp(result.jpeg)
          .resize(size)
          .extract({ left: half, top: 0, width: half, height: PREVIEW_PX })
          .toBuffer();
        const divider = await sharp({
          create: { width: 2, height: PREVIEW_PX, channels: 3, background: "#ffffff" },
        })
          .png()
          .toBuffer();
        const file = `${gender}-${ethnicity}-${style}.jpg`;
        await sharp({ create: { width: PREVIEW_PX, height: PREVIEW_PX, channels: 3, background: "#ffffff" } })
          .composite([
            { input: before, left: 0, top: 0 },
            { input: after, left: half, top: 0 },
            { input: divider, left: half - 1, top: 0 },
          ])
          .jpeg({ quality: 84, mozjpeg: true })
          .toFile(path.join(dir, file));
        console.info(`styles/${file}: ${fixture}, lora_index ${lora}, style ${result.style}`);
      }
    }
  }
}

await renderLanding();
await renderStylePreviews();
await closeSrPools();
