import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { en } from "./en.ts";
import { I18n, type TPartLoaders } from "./i18n.ts";
import { ko } from "./ko.ts";
import { Trans } from "./react-i18next.tsx";
import { CORE_STRING_PATHS, mergeTree, pickPart, type TStringTree } from "./string-parts.ts";

/** Loaders over fixed trees that count their calls and answer when released. */
function fakeLoaders(trees: Record<"ko" | "en", { core: TStringTree; rest: TStringTree }>) {
  const calls: string[] = [];
  const gates = new Map<string, () => void>();
  const loader = (language: "ko" | "en", part: "core" | "rest") => () => {
    calls.push(`${language}-${part}`);
    return new Promise<{ default: TStringTree }>((resolve) =>
      gates.set(`${language}-${part}`, () => resolve({ default: trees[language][part] })),
    );
  };
  const loaders: TPartLoaders = {
    ko: { core: loader("ko", "core"), rest: loader("ko", "rest") },
    en: { core: loader("en", "core"), rest: loader("en", "rest") },
  };
  const release = async (...ids: string[]) => {
    for (const id of ids) gates.get(id)?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { loaders, calls, release };
}

const TREES = {
  ko: {
    core: { nav: { login: "로그인", count: "{{count}}개" }, only: { korean: "한국어만" } },
    rest: { pricing: { title: "요금제", items_other: "{{count}}개 항목" } },
  },
  en: {
    core: {
      nav: { login: "Log in", count: "{{count}} items" },
      tools: { list: { a: "A" } },
    },
    rest: { pricing: { title: "Pricing", items_one: "one item", items_other: "{{count}} items" } },
  },
};

describe("the translator", () => {
  it("answers with the key until a language's strings are loaded, then in that language", async () => {
    const { loaders, release } = fakeLoaders(TREES);
    const i18n = new I18n("ko", { loaders });
    const t = i18n.t as unknown as (key: string, options?: object) => string;
    const missing: string[] = [];
    i18n.onMissingKey = (key) => missing.push(key);
    expect(t("nav.login")).toBe("nav.login");
    const switched = i18n.changeLanguage("ko");
    await release("ko-core");
    await switched;
    expect(t("nav.login")).toBe("로그인");
    expect(t("nav.count", { count: 3 })).toBe("3개");
    expect(missing).toEqual(["nav.login"]);
  });

  it("switches only once the other language is loaded, and a later switch wins", async () => {
    const { loaders, release } = fakeLoaders(TREES);
    const i18n = new I18n("ko", { loaders });
    const changes: string[] = [];
    i18n.subscribe(() => changes.push(i18n.language));
    await Promise.all([i18n.changeLanguage("ko"), release("ko-core")]);
    const toEnglish = i18n.changeLanguage("en");
    expect(i18n.language).toBe("ko");
    await i18n.changeLanguage("ko");
    await release("en-core");
    await toEnglish;
    expect(i18n.language).toBe("ko");
    expect(changes).toEqual([]);
    await i18n.changeLanguage("en");
    expect(changes).toEqual(["en"]);
  });

  it("loads the rest of every language asked for once a page needs it, then switches with it", async () => {
    const { loaders, calls, release } = fakeLoaders(TREES);
    const i18n = new I18n("ko", { loaders });
    await Promise.all([i18n.changeLanguage("ko"), release("ko-core")]);
    const all = i18n.loadAll();
    await release("ko-rest");
    await all;
    expect(i18n.getFixedT("ko")("pricing.title" as never)).toBe("요금제");
    expect(i18n.isReady("en")).toBe(false);
    const toEnglish = i18n.changeLanguage("en");
    await release("en-core");
    expect(i18n.language).toBe("ko");
    await release("en-rest");
    await toEnglish;
    expect(i18n.language).toBe("en");
    expect(calls).toEqual(["ko-core", "ko-rest", "en-core", "en-rest"]);
  });

  it("does what the app uses of i18next's t: interpolation, plurals, returnObjects, exists, fallback", async () => {
    const { loaders, release } = fakeLoaders(TREES);
    const i18n = new I18n("en", { loaders, isRestWanted: true });
    const loading = i18n.changeLanguage("en");
    await release("en-core", "en-rest");
    await loading;
    const t = i18n.t as unknown as (key: string, options?: object) => unknown;
    expect(t("nav.count", { count: 2 })).toBe("2 items");
    expect(t("pricing.items", { count: 1 })).toBe("one item");
    expect(t("pricing.items", { count: 4 })).toBe("4 items");
    // A variable not passed stays as written; one passed as undefined reads as nothing.
    expect(t("nav.count")).toBe("{{count}} items");
    expect(t("nav.count", { count: undefined })).toBe(" items");
    expect(t("tools.list", { returnObjects: true })).toEqual({ a: "A" });
    expect(t("tools.list")).toBe("tools.list");
    expect(i18n.exists("pricing.title")).toBe(true);
    expect(i18n.exists("pricing.nothing")).toBe(false);
    expect(i18n.getFixedT("en")).toBe(i18n.getFixedT("en"));
    // English falls back to Korean where Korean has the text and English does not.
    const fromKorean = i18n.load("ko", "all");
    await release("ko-core", "ko-rest");
    await fromKorean;
    expect(t("only.korean")).toBe("한국어만");
    i18n.onMissingKey = () => undefined;
    expect(t("pricing.nothing")).toBe("pricing.nothing");
  });
});

describe("Trans", () => {
  it("draws the tags of a text as the given elements, with what they enclose", async () => {
    const { getByTestId, container } = render(
      <p data-testid="text">
        <Trans
          i18nKey="payment.failed.support"
          values={{ email: "help@example.com" }}
          // biome-ignore lint/a11y/useAnchorContent: Trans fills the link with the address.
          components={{ mail: <a href="mailto:help@example.com" /> }}
        />
      </p>,
    );
    expect(getByTestId("text").textContent).toBe("If it keeps happening, contact us at help@example.com.");
    expect(container.querySelector("a")?.textContent).toBe("help@example.com");
    expect(container.querySelector("a")?.getAttribute("href")).toBe("mailto:help@example.com");
  });
});

describe("the string parts", () => {
  it.each([
    ["ko", ko],
    ["en", en],
  ])("cut %s into a core and a rest that never overlap and add up to the catalogue", (_, catalogue) => {
    const tree = catalogue as unknown as TStringTree;
    const core = pickPart(tree, "core");
    const rest = pickPart(tree, "rest");
    expect(mergeTree(mergeTree({}, core), rest)).toEqual(tree);
    expect(mergeTree(mergeTree({}, rest), core)).toEqual(tree);
    for (const path of CORE_STRING_PATHS) {
      const lookup = (root: TStringTree) =>
        path.split(".").reduce<unknown>((node, key) => (node as TStringTree | undefined)?.[key], root);
      expect(lookup(core), path).toEqual(lookup(tree));
      expect(lookup(rest), path).toBeUndefined();
    }
    expect(JSON.stringify(core).length).toBeLessThan(JSON.stringify(tree).length / 3);
  });
});
