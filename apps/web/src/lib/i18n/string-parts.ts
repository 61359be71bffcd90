/**
 * How the catalogues (ko.ts, en.ts: the one source of every string) are delivered (issue 17, the
 * landing's JavaScript budget): per language, in two parts, each its own chunk cut at build time
 * by i18n-vite-plugin.ts.
 *
 * - "core": what the shell and the landing paint with, plus the few keys the shell uses in its
 *   handlers (log-out toast, sign-in redirect toast). Loaded before the first render.
 * - "rest": everything else. Loaded with the first other page (route-pages.tsx) or a lazily
 *   loaded shell part that needs it (the session-expired dialog), before it renders.
 *
 * A key the shell or the landing starts to use from another part must be listed here:
 * app/core-strings.test.tsx renders them with the core alone and fails on any missing key.
 */
export const CORE_STRING_PATHS = [
  "common",
  "meta",
  "nav",
  "header",
  "locale",
  "aiSuite",
  "footer",
  "operator",
  "community",
  "errorScreen",
  "notFound",
  "landing",
  "plans",
  "auth.logout",
  "auth.signup.submit",
  "tool.loginRequired",
] as const;

export type TStringTree = { [key: string]: string | TStringTree };
export type TStringPart = "core" | "rest";

function isTree(value: unknown): value is TStringTree {
  return typeof value === "object" && value !== null;
}

function isCorePrefix(path: string, corePaths: readonly string[]): boolean {
  return corePaths.some((core) => core.startsWith(`${path}.`));
}

/** The part of a catalogue: the core paths' subtrees, or the catalogue without them. */
export function pickPart(
  tree: TStringTree,
  part: TStringPart,
  corePaths: readonly string[] = CORE_STRING_PATHS,
  prefix = "",
): TStringTree {
  const picked: TStringTree = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    const isCore = corePaths.includes(path);
    if (isCore) {
      if (part === "core") picked[key] = value;
    } else if (isTree(value) && isCorePrefix(path, corePaths)) {
      const sub = pickPart(value, part, corePaths, path);
      if (Object.keys(sub).length > 0) picked[key] = sub;
    } else if (part === "rest") picked[key] = value;
  }
  return picked;
}

/** Puts a part into a language's tree (the parts never overlap; subtrees are merged). */
export function mergeTree(target: TStringTree, source: TStringTree): TStringTree {
  for (const [key, value] of Object.entries(source)) {
    const current = target[key];
    target[key] = isTree(current) && isTree(value) ? mergeTree({ ...current }, value) : value;
  }
  return target;
}
