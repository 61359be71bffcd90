// Measures how wide Pretendard sets the site's English text against a local Latin sans, in
// Chromium, per weight: the numbers styles.css's "Pretendard Fallback Arial" and "Pretendard
// Fallback DejaVu" faces use as size-adjust (issue 29 item 4). Run from the repository root:
//   node apps/web/scripts/measure-fallback-widths.mjs
// The text is every string of lib/i18n/en.ts and pricing's i18n/en.ts with three or more Latin
// letters and no Hangul or path. Needs Debian's Chromium and the fonts it names (fonts-dejavu,
// fonts-liberation).
import fs from "node:fs";
import { chromium } from "playwright-core";

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

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ],
});
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
      /** The text's width in this CSS font, line by line (one very long line would be clipped). */
      const width = (font) => {
        const box = Object.assign(document.createElement("div"), {
          style: `font: ${font}; white-space: pre`,
        });
        for (const line of lines)
          box.append(
            Object.assign(document.createElement("span"), { textContent: line }),
            document.createElement("br"),
          );
        document.body.append(box);
        let total = 0;
        for (const span of box.querySelectorAll("span")) total += span.getBoundingClientRect().width;
        box.remove();
        return total;
      };
      const out = {};
      for (const weight of weights) {
        const ours = width(`${weight} 100px "Measured Pretendard"`);
        // Each weight band of styles.css uses the local face's Regular below 550, its Bold above.
        for (const name of faces)
          out[`${name} ${weight}`] = ours / width(`${weight < 550 ? 400 : 700} 100px "${name}"`);
      }
      return out;
    },
    { corpus, pretendard, faces: FACES, weights: WEIGHTS },
  );
  process.stdout.write(`${corpus.length} characters of English text\n`);
  for (const [key, ratio] of Object.entries(ratios))
    process.stdout.write(`${key}: size-adjust ${(ratio * 100).toFixed(2)}%\n`);
} finally {
  await browser.close();
}
