import { MOBILE_BREAKPOINT_PX } from "@gyeol/shared/constants";
import { MessagesSquare } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { env } from "../../../lib/env.ts";
import { onIdle } from "../../../lib/idle.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import { useHideOnScrollDown } from "../hooks/use-hide-on-scroll-down.ts";
import { lazyPart } from "./lazy-shell-parts.tsx";

/** A phone loads the look under the button once idle, or this long (ms) after hydrating at the latest. */
const WATCH_MAX_WAIT_MS = 1000;

const watch = lazyPart(
  () => import("./community-button-watch.tsx").then((module) => module.CommunityButtonWatch),
  "community button's look under its corner",
);

/**
 * The floating button to the community chat server (spec 01 §2), in a new tab. On phones it steps
 * aside while the page scrolls down (it would sit on buttons and text at the right edge), and
 * whenever a control of the page lies under it (a sign-in button at the foot of the screen); it is
 * back as soon as the reader scrolls up or the corner is free. The outer box never moves, so it
 * marks the corner the button covers; only the link inside slides away.
 */
export function CommunityButton() {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const homeRef = useRef<HTMLElement>(null);
  const isScrollingDown = useHideOnScrollDown(isPhone);
  // Mounted after hydration, never inside it (the prerendered page has no such boundary).
  const [watchReady, setWatchReady] = useState(false);
  useEffect(() => (isPhone ? onIdle(() => setWatchReady(true), WATCH_MAX_WAIT_MS) : undefined), [isPhone]);
  const [isOverControl, setIsOverControl] = useState(false);
  const hidden = isScrollingDown || (isPhone && isOverControl);
  // A landmark of its own (complementary), so nothing on the page lies outside one (axe "region").
  return (
    <aside
      ref={homeRef}
      data-testid="community-home"
      aria-label={t("community.label")}
      aria-hidden={hidden || undefined}
      className="pointer-events-none fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 size-13 sm:right-6 sm:bottom-6"
    >
      <a
        href={env.communityUrl}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="community-button"
        data-hidden={hidden || undefined}
        tabIndex={hidden ? -1 : undefined}
        aria-label={`${t("community.label")} (${t("common.newTab")})`}
        title={t("community.label")}
        className="group pointer-events-auto flex size-13 items-center justify-center rounded-full bg-ink text-white shadow-float transition-[transform,opacity] duration-200 hover:-translate-y-0.5 hover:bg-accent-700 data-hidden:pointer-events-none data-hidden:translate-y-24 data-hidden:opacity-0 motion-reduce:transition-none"
      >
        <MessagesSquare aria-hidden="true" className="size-5.5" />
      </a>
      {isPhone && watchReady && (
        <Suspense fallback={null}>
          <watch.Component homeRef={homeRef} onOverControl={setIsOverControl} />
        </Suspense>
      )}
    </aside>
  );
}
