import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The devices the journeys and bench:web can stand for, by the fonts their Chromium sees. */
export type TFontSet = "system" | "no-cjk" | "undotum";

/** Every Korean face this machine may have (fonts-noto-cjk, fonts-nanum, fonts-unfonts-core, fonts-baekmuk). */
const KOREAN_FACES = ["*CJK*", "*Nanum*", "*UnDotum*", "*UnBatang*", "*Baekmuk*"];

/**
 * A fontconfig file: this machine's fonts less some, so a Chromium started with FONTCONFIG_FILE
 * pointing at it is another device (issue 29 item 4):
 * - `no-cjk`: no Korean font at all;
 * - `undotum`: UnDotum (fonts-unfonts-core) its only Korean face, one that no size in styles.css
 *   was measured against and that sets Hangul 8% wider than Noto Sans CJK KR: it stands for Apple
 *   SD Gothic Neo and Malgun Gothic, whose widths could not be had here (fallback-faces.js).
 * The journeys (support/browser.ts) and bench:web's BENCH_FONTS use it. Written under `dir`, or a
 * fresh temp folder.
 */
export function fontconfigFor(
  fonts: Exclude<TFontSet, "system">,
  dir = mkdtempSync(join(tmpdir(), "gyeol-fonts-")),
): string {
  const file = join(dir, `fonts-${fonts}.conf`);
  const hidden = fonts === "no-cjk" ? KOREAN_FACES : KOREAN_FACES.filter((glob) => glob !== "*UnDotum*");
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont>${hidden.map((glob) => `<glob>${glob}</glob>`).join("")}</rejectfont></selectfont>
</fontconfig>
`,
  );
  return file;
}

/** fallback-faces.js's HANGUL, LATIN and SPACES, read from its source. */
export function fallbackSamples(source: string): { hangul: string; latin: string; spaces: string } {
  const constant = (name: string) => {
    const match = source.match(new RegExp(`const ${name} =\\s*((?:"[^"]*"\\s*\\+?\\s*)+);`));
    if (!match?.[1]) throw new Error(`fallback-faces.js has no ${name}`);
    return [...match[1].matchAll(/"([^"]*)"/g)].map((part) => part[1]).join("");
  };
  return { hangul: constant("HANGUL"), latin: constant("LATIN"), spaces: constant("SPACES") };
}

/** fallback-faces.js's PROBE and MEASURED_PROBE_WIDTH, read from its source. */
export function fallbackProbe(source: string): { text: string; width: number } {
  const text = source.match(/const PROBE = "([^"]*)";/)?.[1];
  const width = source.match(/const MEASURED_PROBE_WIDTH = ([\d.]+);/)?.[1];
  if (text === undefined || width === undefined) throw new Error("fallback-faces.js has no PROBE");
  return { text, width: Number(width) };
}

/** fallback-faces.js's PRETENDARD block, read from its source. */
export function fallbackPretendardWidths(source: string): Record<string, number[]> {
  const block = source.match(/const PRETENDARD = \{([^}]*)\}/)?.[1];
  if (!block) throw new Error("fallback-faces.js has no PRETENDARD block");
  return Object.fromEntries(
    [...block.matchAll(/(\w+): \[([^\]]*)\]/g)].map((match) => [
      match[1] ?? "",
      (match[2] ?? "").split(",").map(Number),
    ]),
  );
}

/**
 * In the page (after "Measured Pretendard" is loaded): each sample's width at 100 px per weight,
 * laid out as the script lays its spans out. No helper functions inside: tsx names them
 * with a helper the page does not have.
 */
export function pretendardWidths({
  samples,
  weights,
}: {
  samples: Record<string, string>;
  weights: number[];
}): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  const box = document.createElement("div");
  box.style.cssText = "position:absolute;top:0;left:0;white-space:pre";
  document.body.append(box);
  for (const [name, text] of Object.entries(samples)) {
    out[name] = [];
    for (const weight of weights) {
      const span = Object.assign(document.createElement("span"), { textContent: text });
      span.style.font = `${weight} 100px "Measured Pretendard"`;
      box.append(span);
      out[name].push(Math.round(span.getBoundingClientRect().width * 100) / 100);
      span.remove();
    }
  }
  box.remove();
  return out;
}
