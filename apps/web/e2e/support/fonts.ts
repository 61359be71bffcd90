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

/**
 * The constants of fallback-faces.js that are measured in Chromium, read from its source: its
 * samples (HANGUL, LATIN, SPACES), Pretendard's widths of them (PRETENDARD), and PROBE with its
 * width in styles.css's face on Noto Sans CJK KR (MEASURED_PROBE_WIDTH).
 */
export function readFallbackFaces(source: string): {
  samples: { hangul: string; latin: string; spaces: string };
  pretendard: Record<string, number[]>;
  probe: { text: string; width: number };
} {
  const match = (pattern: RegExp, name: string) => {
    const found = source.match(pattern)?.[1];
    if (found === undefined) throw new Error(`fallback-faces.js has no ${name}`);
    return found;
  };
  const text = (name: string) =>
    [...match(new RegExp(`const ${name} =\\s*((?:"[^"]*"\\s*\\+?\\s*)+);`), name).matchAll(/"([^"]*)"/g)]
      .map((part) => part[1])
      .join("");
  const block = match(/const PRETENDARD = \{([^}]*)\}/, "PRETENDARD");
  return {
    samples: { hangul: text("HANGUL"), latin: text("LATIN"), spaces: text("SPACES") },
    pretendard: Object.fromEntries(
      [...block.matchAll(/(\w+): \[([^\]]*)\]/g)].map((row) => [
        row[1] ?? "",
        (row[2] ?? "").split(",").map(Number),
      ]),
    ),
    probe: {
      text: match(/const PROBE = "([^"]*)";/, "PROBE"),
      width: Number(match(/const MEASURED_PROBE_WIDTH = ([\d.]+);/, "MEASURED_PROBE_WIDTH")),
    },
  };
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
