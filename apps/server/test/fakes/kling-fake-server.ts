/**
 * `npm run dev` starts this when Kling is not configured (scripts/dev.mjs): the Kling contract
 * fake as a local stand-in. Each result is the run's reference (or first character) image tinted
 * a different hue per index, or a soft gradient for a prompt alone, so the page shows something
 * that moves with the input. The server is told KLING_TEST_PROVIDER=true, so the page says "test
 * provider". `npm start` never runs it.
 */
import sharp from "sharp";
import { type KlingTask, startKlingFake } from "./kling-fake.ts";

const TINTS = ["#f4c7c3", "#c3e0f4", "#d6f4c3", "#f4e6c3"];
const SIDE: Record<string, [number, number]> = {
  "1:1": [768, 768],
  "3:4": [672, 896],
  "9:16": [576, 1024],
  "4:3": [896, 672],
  "16:9": [1024, 576],
  "2:3": [640, 960],
  "3:2": [960, 640],
};

function sourceOf(task: KlingTask): Buffer | null {
  const body = task.body as {
    image?: string;
    scene_image?: string;
    subject_image_list?: Array<{ subject_image?: string }>;
  };
  const b64 = body.image ?? body.scene_image ?? body.subject_image_list?.[0]?.subject_image;
  return b64 && !/^https?:/.test(b64) ? Buffer.from(b64, "base64") : null;
}

async function render(task: KlingTask, index: number): Promise<Buffer> {
  const [width, height] = SIDE[String(task.body.aspect_ratio)] ?? [768, 768];
  const tint = TINTS[index % TINTS.length]!;
  const source = sourceOf(task);
  if (source) {
    return sharp(source).resize(width, height, { fit: "cover" }).tint(tint).png().toBuffer();
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${tint}"/><stop offset="1" stop-color="#7a5cff"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const port = Number(process.env.KLING_FAKE_PORT ?? 11437);
const fake = await startKlingFake(Buffer.alloc(0), { port, render });
fake.accessKey = process.env.KLING_ACCESS_KEY ?? "dev-standin";
fake.secretKey = process.env.KLING_SECRET_KEY ?? "dev-standin-secret";
process.stdout.write(`[dev] stand-in Kling image API (test provider) at ${fake.baseUrl}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
