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
 * - controls/<control>.jpg: the fine-tuning card's previews (renderControlPreviews).
 * Fixtures and their licences: packages/engine/fixtures/CREDITS.md. `--only=samples|styles|controls`
 * renders one kind.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp, { type Sharp } from "sharp";
import { analyzeImage } from "../packages/engine/src/face/analyze.ts";
import { decodeImage } from "../packages/engine/src/image.ts";
import { type RetouchJob, retouchJob, retouchPortrait } from "../packages/engine/src/retouch.ts";
import { addBlemishes } from "../packages/engine/src/test/blemishes.ts";
import { closeSrPools } from "../packages/engine/src/upscale/pool.ts";
import {
  ETHNICITIES,
  GENDERS,
  listRetouchStyles,
  RETOUCH_CONTROLS,
  resolveLoraIndex,
  type TEthnicity,
  type TGender,
  type TRetouchControl,
} from "../packages/shared/src/retouch.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const fixtures = path.join(root, "packages", "engine", "fixtures");
const publicDir = path.resolve(
  process.argv.slice(2).find((a) => !a.startsWith("--")) ?? path.join(root, "apps", "web", "public"),
);

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
    const encode = (image: Sharp) => image.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
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

/** The astronaut at 1024² (bench/fixtures, CREDITS.md): her face large enough to show skin up close. */
const PORTRAIT_1024 = "../../../bench/fixtures/portrait-1024.jpg";

/**
 * Each fine-tuning control's preview (the retouch page's "Fine-tune" card): a square crop where the
 * control works, the left half with the control at 0 and the right half at 1 (basic style, the
 * other controls at 0), so the preview shows that control alone. Blemish removal and shine are
 * shown on the astronaut with spots (test/blemishes.ts) or a sheen laid across the crop: none of
 * the redistributable fixtures has acne or an oily nose; the others on the fixtures' own skin.
 */
const CONTROL_PREVIEWS: Record<
  TRetouchControl,
  { fixture: string; centre: number; widthK: number; spots?: boolean; shine?: boolean }
> = {
  blemish_removal: { fixture: PORTRAIT_1024, centre: 205, widthK: 0.45, spots: true },
  dark_circles: { fixture: "grace-hopper.jpg", centre: 119, widthK: 0.5 },
  shine_reduction: { fixture: PORTRAIT_1024, centre: 197, widthK: 0.5, shine: true },
  wrinkle_softening: { fixture: "grace-hopper.jpg", centre: 205, widthK: 0.5 },
  tone_evening: { fixture: "grace-hopper.jpg", centre: 50, widthK: 0.5 },
};

async function renderControlPreviews(): Promise<void> {
  const dir = path.join(publicDir, "controls");
  fs.mkdirSync(dir, { recursive: true });
  const none = Object.fromEntries(RETOUCH_CONTROLS.map((c) => [c, 0])) as Record<TRetouchControl, number>;
  for (const control of RETOUCH_CONTROLS) {
    const spec = CONTROL_PREVIEWS[control];
    let bytes = fs.readFileSync(path.join(fixtures, spec.fixture));
    const image = await decodeImage(bytes);
    const face = (await analyzeImage(image)).faces[0];
    if (!face) throw new Error(`no face in ${spec.fixture}`);
    const xs = face.mesh.map((p) => p[0]);
    const side = Math.round((Math.max(...xs) - Math.min(...xs)) * spec.widthK);
    const [cx, cy] = face.mesh[spec.centre]!;
    if (spec.spots || spec.shine) {
      // Laid on across the crop, so both halves have them: a few spots, or an oily sheen.
      let laid = image;
      if (spec.spots) {
        const at: Array<[number, number]> = [];
        for (const [dx, dy] of [
          [-0.3, -0.2],
          [0.25, -0.25],
          [-0.15, 0.2],
          [0.3, 0.15],
          [0.05, -0.05],
        ] as const)
          at.push([cx + dx * side, cy + dy * side]);
        laid = addBlemishes(image, face, 0, at).image;
      } else {
        laid = { ...image, data: new Uint8Array(image.data) };
        const r = side * 0.18;
        for (let y = Math.floor(cy - 2 * r); y <= Math.ceil(cy + 2 * r); y++)
          for (let x = Math.floor(cx - 3 * r); x <= Math.ceil(cx + 3 * r); x++) {
            const t = Math.exp(-((x - cx) ** 2 / 3 + (y - cy) ** 2) / (2 * r * r));
            const o = (y * image.width + x) * 3;
            const gain = [1.16, 1.18, 1.22];
            for (let c = 0; c < 3; c++)
              laid.data[o + c] = Math.min(255, Math.round(laid.data[o + c]! * (1 + t * (gain[c]! - 1))));
          }
      }
      bytes = await sharp(Buffer.from(laid.data), {
        raw: { width: laid.width, height: laid.height, channels: 3 },
      })
        .png()
        .toBuffer();
    }
    const job = { ...WEB_DEFAULT, lora_index: 2, ...none };
    const before = await retouchPortrait(bytes, retouchJob(job));
    const after = await retouchPortrait(bytes, retouchJob({ ...job, [control]: 1 }));
    const left = Math.min(image.width - side, Math.max(0, Math.round(cx - side / 2)));
    const top = Math.min(image.height - side, Math.max(0, Math.round(cy - side / 2)));
    const half = PREVIEW_PX / 2;
    const piece = (jpeg: Buffer, from: number) =>
      sharp(jpeg)
        .extract({ left, top, width: side, height: side })
        .resize(PREVIEW_PX, PREVIEW_PX, { kernel: "lanczos3" })
        .extract({ left: from, top: 0, width: half, height: PREVIEW_PX })
        .toBuffer();
    const divider = await sharp({
      create: { width: 2, height: PREVIEW_PX, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    await sharp({ create: { width: PREVIEW_PX, height: PREVIEW_PX, channels: 3, background: "#ffffff" } })
      .composite([
        { input: await piece(before.jpeg, 0), left: 0, top: 0 },
        { input: await piece(after.jpeg, half), left: half, top: 0 },
        { input: divider, left: half - 1, top: 0 },
      ])
      .jpeg({ quality: 86, mozjpeg: true })
      .toFile(path.join(dir, `${control}.jpg`));
    console.info(
      `controls/${control}.jpg: ${spec.fixture}${spec.spots ? " (spots laid on)" : ""}, ${side}px crop`,
    );
  }
}

const only = process.argv.find((a) => a.startsWith("--only="))?.slice(7);
if (!only || only === "samples") await renderLanding();
if (!only || only === "styles") await renderStylePreviews();
if (!only || only === "controls") await renderControlPreviews();
await closeSrPools();
