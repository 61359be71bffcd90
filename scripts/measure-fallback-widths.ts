/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Measures how wide Pretendard sets the site's English text against a local Latin sans, in
// Chromium, per weight: the numbers styles.css's "Pretendard Fallback Arial" and "Pretendard
// Fallback DejaVu" faces use as size-adjust (issue 29 item 4). Run from the repository root:
//   node --import tsx scripts/measure-fallback-widths.ts
// The text is every string of lib/i18n/en.ts and pricing's i18n/en.ts with three or more Latin
// letters and no Hangul or path. Needs Debian's Chromium and the fonts it names (fonts-dejavu,
// fonts-liberation).
//
// It also prints Pretendard's widths of apps/web/scripts/fallback-faces.js's samples, the
// PRETENDARD block that script sizes the device's own Korean face by.
import fs from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../apps/web/e2e/support/chromium.ts";
import { pretendardWidths, readFallbackFaces } from "../apps/web/e2e/support/fonts.ts";

const SOURCES = ["apps/web/src/lib/i18n/en.ts", "apps/web/src/features/pricing/i18n/en.ts"];
const FACES = ["Liberation Sans", "DejaVu Sans"];
const WEIGHTS = [400, 500, 600, 700, 800];

let corpus = "";
for (const file of SOURCES)
  for (const match of fs.readFileSync(file, "utf8").matchAll(/"((?:[^"\\]|\\.)*)"|`([^`]*)`/g)) {
    const text = match[1] ?? match[2] ?? "";
    if (/[a-z]{3}/.test(text) && !/[\uAC00-\uD7A3]/.test(text) && !text.includes("/")) corpus += `${text} `;
  }
corpus = corpus.replace(/\$\{[^}]*\}/g, "").replace(/\s+/g, " ");
const pretendard = fs
  .readFileSync("node_modules/pretendard/dist/web/variable/woff2/PretendardVariable.woff2")
  .toString("base64");

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage();
  await page.setContent("<div></div>");
  const ratios = await page.evaluate(
    async ({ corpus, pretendard, faces, weights }) => {
      const bytes = Uint8Array.from(atob(pretendard), (c) => c.charCodeAt(0));
      const face = new FontFace("Measured Pretendard", bytes.buffer, { weight: "45 920" });
      await face.load();
      document.fonts.add(face);
      const lines = corpus.match(/.{1,200}(\s|$)/g) ?? [];
      // The text's width in each CSS font, line by line (one very long line would be clipped).
      // No helper functions in here: tsx names them with a helper the page does not have.
      const widthOf = new Map<string, number>();
      for (const weight of weights)
        for (const family of ["Measured Pretendard", ...faces]) {
          // Each weight band of styles.css uses the local face's Regular below 550, its Bold above.
          const font =
            family === "Measured Pretendard"
              ? `${weight} 100px "${family}"`
              : `${weight < 550 ? 400 : 700} 100px "${family}"`;
          const box = document.createElement("div");
          box.style.cssText = `font: ${font}; white-space: pre`;
          for (const line of lines)
            box.append(
              Object.assign(document.createElement("span"), { textContent: line }),
              document.createElement("br"),
            );
          document.body.append(box);
          let total = 0;
          for (const span of box.querySelectorAll("span")) total += span.getBoundingClientRect().width;
          box.remove();
          widthOf.set(`${family} ${weight}`, total);
        }
      const out: Record<string, number> = {};
      for (const weight of weights)
        for (const name of faces)
          out[`${name} ${weight}`] =
            widthOf.get(`Measured Pretendard ${weight}`)! / widthOf.get(`${name} ${weight}`)!;
      return out;
    },
    { corpus, pretendard, faces: FACES, weights: WEIGHTS },
  );
  process.stdout.write(`${corpus.length} characters of English text\n`);
  for (const [key, ratio] of Object.entries(ratios))
    process.stdout.write(`${key}: size-adjust ${(ratio * 100).toFixed(2)}%\n`);
  const { samples } = readFallbackFaces(fs.readFileSync("apps/web/scripts/fallback-faces.js", "utf8"));
  const widths = await page.evaluate(pretendardWidths, { samples, weights: WEIGHTS });
  process.stdout.write(`fallback-faces.js PRETENDARD:\n${JSON.stringify(widths)}\n`);
} finally {
  await browser.close();
}
