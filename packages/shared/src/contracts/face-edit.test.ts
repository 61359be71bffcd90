import { describe, expect, it } from "vitest";
import { ZFaceEditStartBody } from "./face-edit.ts";

const valid = {
  input: {
    image: "/files/u/1.jpg",
    mask: "/files/u/1-mask.png",
    seed: 42,
    resize_factor: 1,
    easy_value: 0.5,
    gender: "여성",
  },
};

describe("POST /api/runpod-face-edit body (spec 02 §3)", () => {
  it("accepts the spec's shape", () => {
    expect(ZFaceEditStartBody.parse(valid)).toEqual(valid);
    expect(ZFaceEditStartBody.safeParse({ input: { ...valid.input, mask: null } }).success).toBe(true);
  });

  it.each([
    ["gender in English", { gender: "female" }],
    ["easy_value outside 0.45..0.55", { easy_value: 0.6 }],
    ["easy_value with four decimals", { easy_value: 0.4505 }],
    ["resize_factor with three decimals", { resize_factor: 1.005 }],
    ["seed 0", { seed: 0 }],
    ["seed above a million", { seed: 1_000_001 }],
    ["an empty image", { image: "" }],
    ["a control character in the URL", { image: "/files/a\u0000.jpg" }],
  ])("refuses %s", (_name, patch) => {
    expect(ZFaceEditStartBody.safeParse({ input: { ...valid.input, ...patch } }).success).toBe(false);
  });
});
