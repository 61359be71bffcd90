import type { TLocale } from "@gyeol/shared/constants";
import {
  NO_OPERATOR_INFO,
  OPERATOR_SCRIPT_ID,
  operatorTokens,
  parseOperatorInfo,
  type TOperatorDetails,
  type TOperatorInfo,
} from "@gyeol/shared/operator";
import { useSyncExternalStore } from "react";

/**
 * Who runs the service (issue 30): the server's configuration, not a build setting. The server
 * puts it into every page it sends (a JSON block in the head, shared/operator.ts) and fills it into
 * the prerendered pages, which the build renders with tokens (`setOperatorTokensForBuild`): the app reads
 * the block once, before its first render, so it renders what the HTML already shows.
 */

let info: TOperatorInfo | undefined;
const listeners = new Set<() => void>();

function readFromPage(): TOperatorInfo {
  if (typeof document === "undefined") return NO_OPERATOR_INFO;
  const element = document.getElementById(OPERATOR_SCRIPT_ID);
  if (!element) {
    // Vite's dev server sends its own index.html: ask the API instead.
    if (import.meta.env.MODE === "development") void loadFromApi();
    return NO_OPERATOR_INFO;
  }
  return parseOperatorInfo(element.textContent);
}

async function loadFromApi(): Promise<void> {
  try {
    const response = await fetch("/api/site/operator", { credentials: "include" });
    if (response.ok) setOperatorInfo(parseOperatorInfo(await response.text()));
  } catch (error) {
    console.warn("[operator] could not load the operator's details", error);
  }
}

export function getOperatorInfo(): TOperatorInfo {
  info ??= readFromPage();
  return info;
}

/** The build renders with tokens (entry-server.tsx); tests set their own. */
export function setOperatorInfo(next: TOperatorInfo): void {
  info = next;
  for (const listener of listeners) listener();
}

/** The build's stand-in: every detail a token, in both languages, so every line is rendered. */
export function setOperatorTokensForBuild(): void {
  setOperatorInfo({ ko: operatorTokens(), en: operatorTokens() });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The details in the page's language; a missing one is not configured (leave its line out). */
export function useOperator(locale: TLocale): TOperatorDetails {
  const all = useSyncExternalStore(subscribe, getOperatorInfo, getOperatorInfo);
  return all[locale];
}
