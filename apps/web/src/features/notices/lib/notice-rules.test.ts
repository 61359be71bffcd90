import { describe, expect, it } from "vitest";
import {
  addAttachments,
  imageTag,
  insertAtSelection,
  noticeNumber,
  parsePageParam,
  toKilobytes,
} from "./notice-rules.ts";

const file = (name: string, type = "image/png", size = 10, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type, lastModified });

describe("noticeNumber", () => {
  it("shows a pin for pinned rows and 10 × (page − 1) + row for the others", () => {
    expect(noticeNumber(1, 0, true)).toBe("pin");
    expect(noticeNumber(1, 0, false)).toBe(1);
    expect(noticeNumber(1, 9, false)).toBe(10);
    expect(noticeNumber(3, 2, false)).toBe(23);
  });
});

describe("parsePageParam", () => {
  it("defaults to page 1 for missing or odd values", () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("0")).toBe(1);
    expect(parsePageParam("2.5")).toBe(1);
    expect(parsePageParam("abc")).toBe(1);
    expect(parsePageParam("4")).toBe(4);
  });
});

describe("addAttachments", () => {
  it("keeps images only and says why others were left out", () => {
    const result = addAttachments(
      [],
      [file("a.png"), file("notes.txt", "text/plain"), file("v.svg", "image/svg+xml")],
    );
    expect(result.files.map((f) => f.name)).toEqual(["a.png"]);
    expect(result.problem).toBe("imagesOnly");
  });

  it("ignores a duplicate with the same name, size and last-modified time", () => {
    const first = addAttachments([], [file("a.png")]);
    const again = addAttachments(first.files, [file("a.png"), file("a.png", "image/png", 11)]);
    expect(again.files).toHaveLength(2);
    expect(again.problem).toBeNull();
  });

  it("stops at 5 files", () => {
    const six = Array.from({ length: 6 }, (_, i) => file(`p${i}.png`));
    const result = addAttachments([], six);
    expect(result.files).toHaveLength(5);
    expect(result.problem).toBe("tooMany");
  });
});

describe("insertAtSelection", () => {
  it("puts the snippet on its own line at the caret, replacing the selection", () => {
    expect(insertAtSelection("ab", 1, 1, "<img>")).toEqual({ text: "a\n<img>\nb", caret: 8 });
    expect(insertAtSelection("", 0, 0, "<img>")).toEqual({ text: "<img>\n", caret: 6 });
    expect(insertAtSelection("x\nSEL\ny", 2, 5, "<img>")).toEqual({ text: "x\n<img>\ny", caret: 7 });
  });
});

describe("imageTag and toKilobytes", () => {
  it("escapes the attributes and shows one decimal", () => {
    expect(imageTag('/files/a.png?x="1"', "a<b")).toBe(
      '<img src="/files/a.png?x=&quot;1&quot;" alt="a&lt;b">',
    );
    expect(toKilobytes(1536)).toBe("1.5");
  });
});
