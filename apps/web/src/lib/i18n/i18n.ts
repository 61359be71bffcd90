import { STORAGE_KEY_LOCALE, type TLocale } from "@gyeol/shared/constants";
import type { TFunction } from "i18next";
import { detectLocale, resolvePageLocale } from "../locale.ts";
import { readStorage } from "../storage.ts";
import { mergeTree, type TStringPart, type TStringTree } from "./string-parts.ts";

/**
 * The app's translator: the part of i18next the app uses (`t` with interpolation, plurals and
 * returnObjects, `exists`, `changeLanguage`, `language`, `getFixedT`), in a few hundred bytes instead
 * of i18next's 14 KB on the landing (issue 17). Types stay i18next's, so keys are still checked
 * against ko.ts (i18next.d.ts); react-i18next's hooks come from react-i18next.tsx, which the build
 * puts in place of the package (i18n-vite-plugin.ts).
 *
 * Strings load per language and part (string-parts.ts): main.tsx loads the page language's core
 * before the first render; pages that need the rest load it with their chunk (route-pages.tsx);
 * changeLanguage loads what the other language needs first, then switches, so nothing ever paints
 * a key or the wrong language.
 */
type TPartModule = { default: TStringTree };
export type TPartLoaders = Record<TLocale, Record<TStringPart, () => Promise<TPartModule>>>;
const PART_LOADERS: TPartLoaders = {
  ko: {
    core: () => import("virtual:gyeol-strings/ko-core"),
    rest: () => import("virtual:gyeol-strings/ko-rest"),
  },
  en: {
    core: () => import("virtual:gyeol-strings/en-core"),
    rest: () => import("virtual:gyeol-strings/en-rest"),
  },
};

/** core: the shell and the landing; all: every string. */
export type TStringScope = "core" | "all";
type TOptions = Record<string, unknown> & {
  count?: unknown;
  returnObjects?: boolean;
  defaultValue?: unknown;
};

const FALLBACK_LOCALE: TLocale = "ko";
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(tree: TStringTree | undefined, key: string): string | TStringTree | undefined {
  let node: string | TStringTree | undefined = tree;
  for (const segment of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[segment];
  }
  return node;
}

/** i18next's rules: a value passed as undefined reads as empty, a variable not passed stays as written. */
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    if (!Object.hasOwn(options, name)) return placeholder;
    const value = options[name];
    return value === undefined || value === null ? "" : String(value);
  });
}

export class I18n {
  /** The language `t` answers in. */
  language: TLocale;
  /** Called for a key that has no text (loaded) in the language or the fallback. */
  onMissingKey: (key: string, language: TLocale) => void = (key, language) => {
    if (import.meta.env.DEV) console.warn(`[i18n] no ${language} text for '${key}'`);
  };

  private readonly trees: Record<TLocale, TStringTree> = { ko: {}, en: {} };
  private readonly loadedParts = new Set<string>();
  private readonly pending = new Map<string, Promise<void>>();
  /** Languages whose strings were asked for: wanting the rest later loads it for each of them. */
  private readonly requested = new Set<TLocale>();
  private isRestWanted: boolean;
  private readonly listeners = new Set<() => void>();
  private readonly fixed = new Map<TLocale, TFunction>();
  private switchCount = 0;
  private readonly loaders: TPartLoaders;

  constructor(language: TLocale, { isRestWanted = false, loaders = PART_LOADERS } = {}) {
    this.language = language;
    this.isRestWanted = isRestWanted;
    this.loaders = loaders;
  }

  /** `t` in the current language (i18next's TFunction: keys checked against ko.ts). */
  readonly t: TFunction = ((key: string | string[], options?: TOptions) =>
    this.translate(this.language, key, options)) as unknown as TFunction;

  /** `t` fixed to one language, the same function every time (react-i18next's `t` per language). */
  getFixedT(language: TLocale): TFunction {
    let t = this.fixed.get(language);
    if (!t) {
      t = ((key: string | string[], options?: TOptions) =>
        this.translate(language, key, options)) as unknown as TFunction;
      this.fixed.set(language, t);
    }
    return t;
  }

  exists(key: string): boolean {
    return this.resolve(this.language, key) !== undefined;
  }

  /** The scope a language needs now: the core, or everything once a page needed the rest. */
  private scopeNow(): TStringScope {
    return this.isRestWanted ? "all" : "core";
  }

  isReady(language: TLocale, scope: TStringScope = this.scopeNow()): boolean {
    return (
      this.loadedParts.has(`${language}/core`) &&
      (scope === "core" || this.loadedParts.has(`${language}/rest`))
    );
  }

  /** Loads a language's strings; the same promise while they load (React's `use` needs that). */
  load(language: TLocale, scope: TStringScope = this.scopeNow()): Promise<void> {
    this.requested.add(language);
    const id = `${language}:${scope}`;
    let pending = this.pending.get(id);
    if (!pending) {
      const parts: TStringPart[] = scope === "all" ? ["core", "rest"] : ["core"];
      pending = Promise.all(parts.map((part) => this.loadPart(language, part))).then(
        () => undefined,
        (error: unknown) => {
          this.pending.delete(id);
          throw error;
        },
      );
      this.pending.set(id, pending);
    }
    return pending;
  }

  private loadPart(language: TLocale, part: TStringPart): Promise<void> {
    const id = `${language}/${part}`;
    let pending = this.pending.get(id);
    if (!pending) {
      pending = this.loaders[language][part]().then(
        (module) => {
          mergeTree(this.trees[language], module.default);
          this.loadedParts.add(id);
        },
        (error: unknown) => {
          this.pending.delete(id);
          throw error;
        },
      );
      this.pending.set(id, pending);
    }
    return pending;
  }

  /**
   * Every string from now on, for each language asked for so far (a page other than the landing
   * is about to render, possibly in the language the shell is switching to).
   */
  loadAll(): Promise<void> {
    this.isRestWanted = true;
    this.requested.add(this.language);
    return Promise.all([...this.requested].map((language) => this.load(language, "all"))).then(
      () => undefined,
    );
  }

  /** Switches once the language's strings are there (at once when they are: no flash of keys). */
  changeLanguage(requested: string): Promise<TFunction> {
    const language: TLocale = requested === "en" || requested === "ko" ? requested : FALLBACK_LOCALE;
    const switchId = ++this.switchCount;
    if (this.isReady(language)) {
      this.apply(language);
      return Promise.resolve(this.t);
    }
    return this.load(language).then(() => {
      // A later switch wins over this one.
      if (switchId === this.switchCount) this.apply(language);
      return this.t;
    });
  }

  private apply(language: TLocale): void {
    if (language === this.language) return;
    this.language = language;
    for (const listener of this.listeners) listener();
  }

  /** useSyncExternalStore's subscribe: called on every language change. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getLanguage = (): TLocale => this.language;

  private resolve(language: TLocale, key: string, count?: unknown): string | TStringTree | undefined {
    const candidates = [language, ...(language === FALLBACK_LOCALE ? [] : [FALLBACK_LOCALE])];
    for (const candidate of candidates) {
      const tree = this.trees[candidate];
      if (typeof count === "number") {
        const form = new Intl.PluralRules(candidate).select(count);
        const plural =
          (count === 0 ? lookup(tree, `${key}_zero`) : undefined) ?? lookup(tree, `${key}_${form}`);
        if (plural !== undefined) return plural;
      }
      const value = lookup(tree, key);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  private translate(language: TLocale, keys: string | string[], options?: TOptions): string | TStringTree {
    const list = Array.isArray(keys) ? keys : [keys];
    for (const key of list) {
      const value = this.resolve(language, key, options?.count);
      if (typeof value === "string") return interpolate(value, options);
      if (value !== undefined) return options?.returnObjects ? value : key;
    }
    const key = list[list.length - 1] ?? "";
    this.onMissingKey(key, language);
    return typeof options?.defaultValue === "string" ? interpolate(options.defaultValue, options) : key;
  }
}

/** The first language: the address and the stored choice, so the very first paint is already right. */
function initialLocale(): TLocale {
  if (typeof window === "undefined") return "ko";
  const stored = detectLocale(readStorage(STORAGE_KEY_LOCALE), window.navigator?.language);
  return resolvePageLocale(window.location.pathname, stored);
}

// Rendering on the server (scripts/prerender.mjs) renders every page: it always loads everything.
export const i18n = new I18n(initialLocale(), { isRestWanted: typeof window === "undefined" });
