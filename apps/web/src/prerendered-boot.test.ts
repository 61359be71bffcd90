import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { STORAGE_KEY_LOCALE } from "@gyeol/shared/constants";
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from "@gyeol/shared/locale-negotiation";
import { ReactCompareSliderCssVars } from "react-compare-slider/consts";
import { describe, expect, it } from "vitest";
import { APP_READY_EVENT } from "./lib/app-ready.ts";

/**
 * scripts/prerendered-boot.js registers the hero slider's CSS property in the frame that restyles
 * the page anyway, so the library's own registration (a second whole-page restyle) finds it taken.
 * A library that renames the property would silently bring the restyle back: the names must agree.
 */
describe("prerendered-boot.js", () => {
  const boot = readFileSync(path.resolve(import.meta.dirname, "../scripts/prerendered-boot.js"), "utf8");

  it("registers react-compare-slider's own position property, with the library's syntax and initial value", () => {
    const name = /const COMPARE_POSITION_PROPERTY = "([^"]+)"/.exec(boot)?.[1];
    expect(name).toBe(ReactCompareSliderCssVars.rawPosition);
    const dist = path.resolve(import.meta.dirname, "../../../node_modules/react-compare-slider/dist");
    const library = readdirSync(dist)
      .filter((file) => file.endsWith(".mjs"))
      .map((file) => readFileSync(path.join(dist, file), "utf8"))
      .find((code) => code.includes("registerProperty"));
    expect(library).toMatch(
      /registerProperty\(\{name:[\w.]+,syntax:`<percentage>`,inherits:!0,initialValue:`50%`\}\)/,
    );
    expect(boot).toMatch(/syntax: "<percentage>",\s+inherits: true,\s+initialValue: "50%"/);
  });

  it("stores a language chosen before hydration under the app's own storage key and cookie", () => {
    const constant = (name: string) => new RegExp(`const ${name} = "?([^";]+)"?;`).exec(boot)?.[1];
    expect(constant("LOCALE_STORAGE_KEY")).toBe(STORAGE_KEY_LOCALE);
    expect(constant("LOCALE_COOKIE")).toBe(LOCALE_COOKIE);
    expect(Number(constant("LOCALE_COOKIE_MAX_AGE_S"))).toBe(LOCALE_COOKIE_MAX_AGE_S);
  });

  it("waits for the event the app sends once it is ready, by the app's own name", () => {
    expect(/const APP_READY_EVENT = "([^"]+)"/.exec(boot)?.[1]).toBe(APP_READY_EVENT);
  });
});
