import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A fontconfig file: this machine's fonts less every CJK face, so a Chromium started with
 * FONTCONFIG_FILE pointing at it is the device with no Korean font at all (issue 29 item 4). The
 * journeys (support/browser.ts) and bench:web's BENCH_FONTS=no-cjk use it. Written under `dir`,
 * or a fresh temp folder.
 */
export function noCjkFontconfig(dir = mkdtempSync(join(tmpdir(), "gyeol-fonts-"))): string {
  const file = join(dir, "fonts-no-cjk.conf");
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <selectfont><rejectfont><glob>*CJK*</glob><glob>*Nanum*</glob><glob>*UnDotum*</glob><glob>*Baekmuk*</glob></rejectfont></selectfont>
</fontconfig>
`,
  );
  return file;
}
