import { describe, expect, it } from "vitest";
import { toDisplayName } from "./notices.service.ts";

const PNG = { mime: "image/png", extension: "png" } as const;

describe("toDisplayName", () => {
  it("drops folders, C0/C1 controls, lone surrogates and markup characters", () => {
    expect(toDisplayName("../../etc/배\u0085너\u0000\ud800<b>.png", PNG)).toBe("배너b.png");
  });

  it("cuts a long name by characters, never leaving half of an emoji behind", () => {
    const name = toDisplayName(`${"a".repeat(119)}😀😀.png`, PNG);
    expect(name).toBe(`${"a".repeat(119)}😀`);
    expect(name).not.toMatch(/[\ud800-\udfff]/u);
  });

  it("falls back to a plain name when nothing printable is left", () => {
    expect(toDisplayName("\u0000\u0001", PNG)).toBe("image.png");
  });
});
