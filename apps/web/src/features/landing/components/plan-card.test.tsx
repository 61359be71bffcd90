import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n/i18n.ts";

/**
 * Each landing plan card's link says which plan it opens (issue 17: Lighthouse's SEO audit and
 * screen-reader link lists read "자세히 보기" three times as one vague text).
 */
describe("landing plan card links", () => {
  it.each(["ko", "en"])("name their plan in %s, so the three links read differently", async (language) => {
    await i18n.changeLanguage(language);
    const texts = (["basic", "deluxe", "premium"] as const).map((id) =>
      i18n.t("landing.plans.cta", { plan: i18n.t(`plans.names.${id}`) }),
    );
    expect(new Set(texts).size).toBe(3);
    for (const [i, id] of (["basic", "deluxe", "premium"] as const).entries()) {
      expect(texts[i]).toContain(i18n.t(`plans.names.${id}`));
    }
    expect(texts).not.toContain("자세히 보기");
  });
});
