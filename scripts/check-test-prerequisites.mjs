#!/usr/bin/env node
// `npm test` runs this first: the browser journeys need Debian's Chromium (at /usr/bin/chromium,
// or CHROMIUM_PATH, as apps/web/e2e/support/browser.ts launches it) and the layout journeys
// measure Korean text set in Noto Sans CJK (the face Linux and Android fall back to before
// Pretendard) and in UnDotum (fonts-unfonts-core: a Korean face no size in styles.css was measured
// on, which the page sizes on the device). Without them journeys fail far into the run and nothing
// says why; this says so in one sentence, naming the Debian packages, before anything else runs.
import { spawnSync } from "node:child_process";
import { accessSync, constants, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const chromium = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The font folders fontconfig reads on Debian, for a machine without fc-list (package fontconfig). */
const FONT_DIRS = [
  "/usr/share/fonts",
  "/usr/local/share/fonts",
  join(homedir(), ".local/share/fonts"),
  join(homedir(), ".fonts"),
];

function hasFontFile(dir, pattern, depth = 4) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return false;
  }
  return entries.some((entry) =>
    entry.isDirectory()
      ? depth > 0 && hasFontFile(join(dir, entry.name), pattern, depth - 1)
      : pattern.test(entry.name),
  );
}

/** The font families fc-list lists, or undefined on a machine without it. */
function listedFamilies() {
  const listed = spawnSync("fc-list", [":", "family"], { encoding: "utf8" });
  return listed.status === 0 ? listed.stdout : undefined;
}

/** A family fc-list lists, or (without fc-list) a file of the package's in the font folders. */
function hasFont(families, family, file) {
  if (families !== undefined) return family.test(families);
  return FONT_DIRS.some((dir) => hasFontFile(dir, file));
}

const families = listedFamilies();
const missing = [];
if (!isExecutable(chromium)) missing.push({ pkg: "chromium", why: `no Chromium at ${chromium}` });
// fonts-noto-cjk installs NotoSansCJK-Regular.ttc and the rest; fonts-unfonts-core UnDotum.ttf.
if (!hasFont(families, /Noto Sans CJK/i, /^NotoSansCJK/i))
  missing.push({ pkg: "fonts-noto-cjk", why: "no Noto Sans CJK font" });
if (!hasFont(families, /UnDotum/i, /^UnDotum/i))
  missing.push({ pkg: "fonts-unfonts-core", why: "no UnDotum font" });

if (missing.length > 0) {
  const packages = missing.map((m) => m.pkg).join(" ");
  process.stderr.write(
    `npm test needs the Debian package${missing.length > 1 ? "s" : ""} ${packages} (${missing
      .map((m) => m.why)
      .join("; ")}): install with \`sudo apt-get install ${packages}\` and run npm test again.\n`,
  );
  process.exit(1);
}
