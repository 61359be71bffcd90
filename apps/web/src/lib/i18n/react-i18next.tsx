/**
 * What the app uses of react-i18next (`useTranslation`, `Trans`, `I18nextProvider`), over the
 * app's own translator (i18n.ts). The web build and the web unit tests resolve the package name
 * `react-i18next` to this file (i18n-vite-plugin.ts), so the components keep their imports and
 * TypeScript keeps the package's types (typed keys); neither i18next nor react-i18next is bundled.
 */
import {
  Children,
  cloneElement,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useMemo,
  useSyncExternalStore,
} from "react";
import { type I18n, i18n } from "./i18n.ts";

type TUntypedT = (key: string, options?: Record<string, unknown>) => string;

/** `t` in the current language; a new `t` (and a re-render) whenever the language changes. */
export function useTranslation(): { t: TUntypedT; i18n: I18n; ready: true } {
  const language = useSyncExternalStore(i18n.subscribe, i18n.getLanguage, i18n.getLanguage);
  return useMemo(
    () => ({ t: i18n.getFixedT(language) as unknown as TUntypedT, i18n, ready: true }),
    [language],
  );
}

/** One instance serves the whole app: the provider only passes its children through. */
export function I18nextProvider({ children }: { i18n?: unknown; children?: ReactNode }) {
  return children;
}

/** i18next's plugin hook, accepted and unused (the translator needs no binding). */
export const initReactI18next = { type: "3rdParty", init: () => undefined } as const;

const TAG = /<(\/?)([\w-]+)\s*(\/?)>/g;

interface TNode {
  name: string;
  children: ReactNode[];
}

/**
 * `<Trans i18nKey values components />`: the text with its values, and each `<name>…</name>` (or
 * `<name/>`) drawn as `components[name]` holding what the tags enclose. Unknown tags stay text.
 */
export function Trans({
  i18nKey,
  values,
  components = {},
}: {
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement> | ReactElement[];
}) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const named = components as Record<string, ReactElement | undefined>;
  const root: TNode = { name: "", children: [] };
  const stack: TNode[] = [root];
  let last = 0;
  let key = 0;
  const top = () => stack[stack.length - 1] ?? root;
  const render = (name: string, children: ReactNode[]): ReactNode => {
    const element = named[name];
    if (!isValidElement(element)) return [`<${name}>`, ...children, `</${name}>`];
    key += 1;
    return children.length > 0 ? cloneElement(element, { key }, ...children) : cloneElement(element, { key });
  };
  for (const match of text.matchAll(TAG)) {
    const [tag, closing, name = "", selfClosing] = match;
    if (match.index > last) top().children.push(text.slice(last, match.index));
    last = match.index + tag.length;
    if (selfClosing) top().children.push(render(name, []));
    else if (!closing) stack.push({ name, children: [] });
    else if (stack.length > 1 && top().name === name) {
      const node = stack.pop() as TNode;
      top().children.push(render(node.name, node.children));
    } else top().children.push(tag);
  }
  if (last < text.length) top().children.push(text.slice(last));
  // Tags left open read as text.
  while (stack.length > 1) {
    const node = stack.pop() as TNode;
    top().children.push(`<${node.name}>`, ...node.children);
  }
  return <Fragment>{Children.toArray(root.children)}</Fragment>;
}
