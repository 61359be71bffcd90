import { describe, expect, it } from "vitest";
import {
  getStyleParams,
  interpretFilterFields,
  listRetouchStyles,
  resolveFilterFields,
  resolveLoraIndex,
} from "./style.ts";

describe("style table (spec 02 §5)", () => {
  it("offers five styles to East Asian women, three to Western women and basic to everyone else", () => {
    expect(listRetouchStyles("female", "east_asian")).toEqual([
      "basic",
      "makeup",
      "matte_makeup",
      "glossy",
      "basic_chic",
    ]);
    expect(listRetouchStyles("female", "western")).toEqual(["basic", "makeup", "matte_makeup"]);
    expect(listRetouchStyles("male", "western")).toEqual(["basic"]);
  });

  it("maps every style to the spec's lora_index", () => {
    expect(resolveLoraIndex("female", "east_asian", "makeup")).toBe(0);
    expect(resolveLoraIndex("female", "east_asian", "matte_makeup")).toBe(7);
    expect(resolveLoraIndex("female", "east_asian", "glossy")).toBe(1);
    expect(resolveLoraIndex("female", "east_asian", "basic")).toBe(2);
    expect(resolveLoraIndex("female", "east_asian", "basic_chic")).toBe(8);
    expect(resolveLoraIndex("female", "western", "basic")).toBe(3);
    expect(resolveLoraIndex("female", "western", "makeup")).toBe(4);
    expect(resolveLoraIndex("female", "western", "matte_makeup")).toBe(7);
    expect(resolveLoraIndex("male", "western", "basic")).toBe(5);
    expect(resolveLoraIndex("male", "east_asian", "basic")).toBe(6);
    expect(resolveLoraIndex("male", "western", "glossy")).toBe(2);
  });

  it("gives each index a distinct character, men keeping more texture", () => {
    expect(getStyleParams(7).skinSaturation).toBeLessThan(getStyleParams(2).skinSaturation);
    expect(getStyleParams(1).gloss).toBeGreaterThan(0);
    expect(getStyleParams(5).textureKeep).toBeGreaterThan(getStyleParams(2).textureKeep);
    expect(getStyleParams(99).name).toBe("basic");
  });
});

describe("filter rule (spec 02 §5)", () => {
  it("sends strength 0.01 and index 0 when the filter is none or the strength is 0", () => {
    expect(resolveFilterFields("none", 0.8)).toMatchObject({ filter_index: 0, filter_strength: 0.01 });
    expect(resolveFilterFields("ppoyong", 0)).toMatchObject({ filter_index: 0, filter_strength: 0.01 });
  });

  it("sends index 1 and the 'asle' prompt for fair skin, the studio prompt otherwise", () => {
    expect(resolveFilterFields("ppoyong", 0.75)).toEqual({
      filter_index: 1,
      filter_strength: 0.75,
      filter_prompt: "asle",
    });
    expect(resolveFilterFields("studio", 0.5)).toEqual({
      filter_index: 0,
      filter_strength: 0.5,
      filter_prompt: "studio",
    });
    expect(resolveFilterFields("studio", 0.333)).toMatchObject({ filter_strength: 0.33 });
  });

  it("reads a job's fields back into the filter the engine applies", () => {
    expect(interpretFilterFields(resolveFilterFields("none", 1))).toEqual({ filter: "none", strength: 0 });
    expect(interpretFilterFields(resolveFilterFields("ppoyong", 0.6))).toEqual({
      filter: "ppoyong",
      strength: 0.6,
    });
    expect(interpretFilterFields(resolveFilterFields("studio", 0.4))).toEqual({
      filter: "studio",
      strength: 0.4,
    });
  });
});
