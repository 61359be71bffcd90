/**
 * `npm test` stops first, in one sentence naming the Debian packages, when Chromium, the Noto
 * Sans CJK fonts or UnDotum are missing (scripts/check-test-prerequisites.mjs). fc-list is faked by a script
 * put first on PATH; Chromium by CHROMIUM_PATH.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const script = path.join(import.meta.dirname, "check-test-prerequisites.mjs");
const bin = mkdtempSync(path.join(tmpdir(), "gyeol-prereq-"));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** A fake fc-list listing these families, and the directory it is in. */
function fakeFcList(families: string[]): string {
  const dir = mkdtempSync(path.join(bin, "fc-"));
  const file = path.join(dir, "fc-list");
  writeFileSync(file, `#!/bin/sh\nprintf '%s\\n' ${families.map((f) => `'${f}'`).join(" ")}\n`);
  chmodSync(file, 0o755);
  return dir;
}

function check(env: { chromium: string; fcListDir: string }) {
  const result = spawnSync(process.execPath, [script], {
    encoding: "utf8",
    env: { ...process.env, CHROMIUM_PATH: env.chromium, PATH: `${env.fcListDir}:${process.env.PATH}` },
  });
  return { status: result.status, stderr: result.stderr.trim() };
}

describe("npm test's prerequisite check", () => {
  const chromium = path.join(bin, "chromium");
  writeFileSync(chromium, "#!/bin/sh\n");
  chmodSync(chromium, 0o755);
  const fonts = fakeFcList(["DejaVu Sans", "Noto Sans CJK KR,Noto Sans CJK KR Regular", "UnDotum,은 돋움"]);
  const notoOnly = fakeFcList(["DejaVu Sans", "Noto Sans CJK KR,Noto Sans CJK KR Regular"]);
  const noCjk = fakeFcList(["DejaVu Sans"]);

  it("passes silently when Chromium, Noto Sans CJK and UnDotum are there", () => {
    expect(check({ chromium, fcListDir: fonts })).toEqual({ status: 0, stderr: "" });
  });

  it("names every missing Debian package in one sentence", () => {
    const { status, stderr } = check({ chromium: path.join(bin, "absent"), fcListDir: noCjk });
    expect(status).toBe(1);
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toContain("sudo apt-get install chromium fonts-noto-cjk fonts-unfonts-core");
  });

  it("names only what is missing", () => {
    const korean = check({ chromium, fcListDir: noCjk });
    expect(korean.status).toBe(1);
    expect(korean.stderr).toContain("apt-get install fonts-noto-cjk fonts-unfonts-core`");
    const unDotum = check({ chromium, fcListDir: notoOnly });
    expect(unDotum.status).toBe(1);
    expect(unDotum.stderr).toContain("apt-get install fonts-unfonts-core`");
    const browser = check({ chromium: path.join(bin, "absent"), fcListDir: fonts });
    expect(browser.status).toBe(1);
    expect(browser.stderr).toContain("apt-get install chromium`");
  });
});
