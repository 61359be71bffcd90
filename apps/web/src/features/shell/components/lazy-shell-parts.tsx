import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useAuthSelect } from "../../../lib/auth/auth-provider.tsx";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { onIdle } from "../../../lib/idle.ts";
import { loadQueryClient } from "../../../lib/query-client-loader.ts";
import type { MobileMenu as TMobileMenu } from "./mobile-menu.tsx";

/**
 * The shell's parts that no first paint shows, as their own chunks (issue 17: the landing's
 * JavaScript): the mobile menu (loaded when the page is idle, so a tap opens it at once), the
 * toaster (mounted when idle; a toast raised before waits in react-hot-toast's store and shows then)
 * and the session-expired dialog with its Radix dialog (loaded when a session ends).
 */

/** A chunk that fails to load leaves its part out instead of breaking the shell around it. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy accepts any component props.
export function lazyPart<C extends ComponentType<any>>(load: () => Promise<C>, name: string) {
  let pending: Promise<{ default: C }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(`[shell] the ${name} could not be loaded`, error);
        return { default: (() => null) as unknown as C };
      },
    );
    return pending;
  };
  return { Component: lazy(preload), preload };
}

const mobileMenu = lazyPart(
  () => import("./mobile-menu.tsx").then((module) => module.MobileMenu),
  "mobile menu",
);
const toaster = lazyPart(() => import("./app-toaster.tsx").then((module) => module.AppToaster), "toaster");
const sessionExpiredModal = lazyPart(
  // Its message is any error code's text: every string of the language.
  () =>
    Promise.all([import("./session-expired-modal.tsx"), i18n.loadAll()]).then(
      ([module]) => module.SessionExpiredModal,
    ),
  "session-expired dialog",
);

export function MobileMenu(props: ComponentProps<typeof TMobileMenu>) {
  return (
    <Suspense fallback={null}>
      <mobileMenu.Component {...props} />
    </Suspense>
  );
}

/**
 * The toaster, mounted when idle; the mobile menu (ahead of a tap) and the query client (the
 * header's feature flags) load then too.
 */
/** At the latest this long (ms) after the first paint where the browser is never idle. */
const SHELL_PARTS_MAX_WAIT_MS = 2000;

export function IdleShellParts() {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => {
    // One idle callback each: starting a chunk's load requests it and its imports (a link element
    // each, about a millisecond apiece on a slow phone), and all three together made one long task.
    const cancels = [
      () => void mobileMenu.preload(),
      () =>
        void loadQueryClient().catch((error: unknown) =>
          console.error("[shell] the query client could not be loaded", error),
        ),
      () => void toaster.preload().then(() => setIsIdle(true)),
    ].map((run) => onIdle(run, SHELL_PARTS_MAX_WAIT_MS));
    return () => {
      for (const cancel of cancels) cancel();
    };
  }, []);
  if (!isIdle) return null;
  return (
    <Suspense fallback={null}>
      <toaster.Component />
    </Suspense>
  );
}

/** The session-expired dialog, loaded the first time a session ends and kept for its closing. */
export function SessionExpiredModal() {
  const hasSessionExpired = useAuthSelect((state) => state.sessionExpired !== null);
  const [hasExpired, setHasExpired] = useState(false);
  if (hasSessionExpired && !hasExpired) setHasExpired(true);
  if (!hasExpired) return null;
  return (
    <Suspense fallback={null}>
      <sessionExpiredModal.Component />
    </Suspense>
  );
}
