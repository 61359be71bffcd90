import type { TLocale } from "@gyeol/shared/constants";
import { en } from "../../src/lib/i18n/en.ts";
import { ko } from "../../src/lib/i18n/ko.ts";

/**
 * The app's own sentences for the journeys to compare with the page (issue 26: "each error with its
 * sentence"): read from the catalogue the build ships, never copied into a test, and filled the way
 * the app's translator fills `{{name}}` (src/lib/i18n/i18n.ts).
 */
type TTree = { [key: string]: string | TTree };
const TREES: Record<TLocale, TTree> = { ko: ko as unknown as TTree, en: en as unknown as TTree };

export function sentence(lang: TLocale, key: string, values: Record<string, string | number> = {}): string {
  let node: string | TTree | undefined = TREES[lang];
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`the ${lang} catalogue has no sentence at ${key}`);
  return node.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}
