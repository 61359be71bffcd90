/**
 * npm run bench:moderation — what the second opinion (issue 24) costs an upload. For every image
 * of the workload it times, interleaved, the check uploads had before (the first classifier, plus
 * the close-up measurement in the grey band) and the check they have now (nsfw.ts classifyNsfw:
 * the second classifier when the first would refuse or is unsure, the second look), and prints the added time per upload,
 * median and p95, with the ratio of the medians. Workload: the engine's fixtures and issue 24's
 * kinds of crop made from them (a 5:1 spacesuit strip, a face strip, a 1:4 column, a portrait
 * padded to a banner); with BENCH_SET_DIR (e.g. .scratch/nsfw-set/images, filled by npm run
 * nsfw:calibrate) also every image of the labelled set found there.
 * Last line: `median_ratio=<new/old> added_median_ms=<n> added_p95_ms=<n> second_opinions=<k>/<n>`.
 * BENCH_SMOKE=1 (bench/smoke.test.ts, in CI): two fixtures and one crop, one round: seconds, to
 * prove the bench still runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { inGreyBand, needsSecondLook, needsSecondOpinion } from "../packages/engine/src/moderation-rule.ts";
import { classifyNsfw, measureCloseUp, scoreNsfw, warmNsfwModel } from "../packages/engine/src/nsfw.ts";

const SMOKE = process.env.BENCH_SMOKE === "1";
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 3));
const print = (line: string) => process.stdout.write(`${line}\n`);
const fixtures = path.resolve(import.meta.dirname, "../packages/engine/fixtures");

async function workload(): Promise<Array<[string, Buffer]>> {
  const read = (name: string) => fs.readFileSync(path.join(fixtures, name));
  const names = SMOKE
    ? ["astronaut.jpg", "coffee.jpg"]
    : [
        "astronaut.jpg",
        "grace-hopper.jpg",
        "grace-meng.jpg",
        "mark-takano.jpg",
        "martin-heinrich.jpg",
        "coffee.jpg",
      ];
  const images: Array<[string, Buffer]> = names.map((name) => [name, read(name)]);
  const astronaut = read("astronaut.jpg");
  const strip = (top: number) =>
    sharp(astronaut)
      .extract({ left: 0, top, width: 512, height: 102 })
      .resize(3000, 600, { fit: "fill" })
      .png()
      .toBuffer();
  if (SMOKE) {
    images.push(["face strip 3000×600", await strip(128)]);
    return images;
  }
  images.push([
    "portrait-1024.jpg",
    fs.readFileSync(path.resolve(import.meta.dirname, "fixtures/portrait-1024.jpg")),
  ]);
  images.push(["spacesuit strip 3000×600", await strip(200)]);
  images.push(["face strip 3000×600", await strip(128)]);
  images.push([
    "column 600×2400",
    await sharp(astronaut)
      .extract({ left: 192, top: 0, width: 128, height: 512 })
      .resize(600, 2400, { fit: "fill" })
      .png()
      .toBuffer(),
  ]);
  images.push([
    "portrait padded to 4:1",
    await sharp(read("grace-meng.jpg"))
      .extend({ left: 412, right: 412, background: "#000000" })
      .png()
      .toBuffer(),
  ]);
  const setDir = process.env.BENCH_SET_DIR;
  if (setDir && fs.existsSync(setDir)) {
    for (const name of fs.readdirSync(setDir).sort())
      images.push([name, fs.readFileSync(path.join(setDir, name))]);
  }
  return images;
}

/** The check before issue 24: the first classifier, and the close-up measurement in the grey band. */
async function previousCheck(bytes: Buffer): Promise<void> {
  const scores = await scoreNsfw(bytes);
  if (inGreyBand(scores)) await measureCloseUp(bytes);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
};

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const images = await workload();
print(
  `moderation bench on ${os.cpus().length} cores, node ${process.version}, load ${os.loadavg()[0]!.toFixed(2)}, ${images.length} images × ${ROUNDS}`,
);
{
  const rss = () => process.memoryUsage().rss / 2 ** 20;
  const start = performance.now();
  const before = rss();
  await scoreNsfw(fs.readFileSync(path.join(fixtures, "coffee.jpg")));
  const first = rss();
  const firstMs = performance.now() - start;
  await warmNsfwModel();
  print(
    `models: first classifier ${firstMs.toFixed(0)} ms, +${(first - before).toFixed(0)} MB RSS; ` +
      `second classifier ${(performance.now() - start - firstMs).toFixed(0)} ms, +${(rss() - first).toFixed(0)} MB RSS`,
  );
}
// One untimed pass: the face models of the close-up check load on first use.
for (const [, bytes] of images.slice(0, 2)) await Promise.all([previousCheck(bytes), classifyNsfw(bytes)]);
const before: number[] = [];
const after: number[] = [];
const added: number[] = [];
let asked = 0;
for (const [name, bytes] of images) {
  const b: number[] = [];
  const a: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    b.push(await timed(() => previousCheck(bytes)));
    a.push(await timed(() => classifyNsfw(bytes)));
  }
  const mb = percentile(b, 0.5);
  const ma = percentile(a, 0.5);
  const first = await scoreNsfw(bytes);
  const second = needsSecondOpinion(first) || needsSecondLook(first);
  if (second) asked++;
  before.push(mb);
  after.push(ma);
  added.push(Math.max(0, ma - mb));
  if (second || images.length <= 40) {
    print(
      `${name.padEnd(44)} before ${mb.toFixed(0).padStart(5)} ms  now ${ma.toFixed(0).padStart(5)} ms${second ? "  (second opinion)" : ""}`,
    );
  }
}
const ratio = percentile(after, 0.5) / percentile(before, 0.5);
print(
  `per upload: before median ${percentile(before, 0.5).toFixed(0)} ms p95 ${percentile(before, 0.95).toFixed(0)} ms; ` +
    `now median ${percentile(after, 0.5).toFixed(0)} ms p95 ${percentile(after, 0.95).toFixed(0)} ms`,
);
print(
  `median_ratio=${ratio.toFixed(3)} added_median_ms=${percentile(added, 0.5).toFixed(0)} added_p95_ms=${percentile(added, 0.95).toFixed(0)} second_opinions=${asked}/${images.length}`,
);
