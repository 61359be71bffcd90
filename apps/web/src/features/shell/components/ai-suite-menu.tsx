import { MOBILE_BREAKPOINT_PX } from "@gyeol/shared/constants";
import { localizePath } from "@gyeol/shared/routes";
import { ChevronDown, Sparkles, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { useMediaQuery } from "../../../lib/use-media-query.ts";
import { useAiTools } from "../hooks/use-ai-tools.ts";
import { useHoverMenu } from "../hooks/use-hover-menu.ts";
import { useInertPage } from "../hooks/use-inert-page.ts";
import { AiToolItem } from "./ai-tool-item.tsx";

/**
 * The AI Suite dropdown (spec 01 §2). A disclosure: a button with aria-expanded that shows a list
 * of links, so Tab reaches every item; Escape closes it and returns focus to the button. At 700 px
 * or less it becomes a panel under the header with a backdrop and a "Choose your AI tool" header.
 */
/**
 * `isLabelHiddenOnPhone`: below 640 px show only the icon and the count (signed in, the credits need
 * the room). Signed out, the longer English label steps aside below 420 px, so the brand's tagline
 * is never cut (issue 30).
 */
export function AiSuiteMenu({ isLabelHiddenOnPhone = false }: { isLabelHiddenOnPhone?: boolean }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const tools = useAiTools();
  const isCompact = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const isTouchOnly = useMediaQuery("(hover: none)");
  const menu = useHoverMenu({ isHoverEnabled: !isTouchOnly && !isCompact });
  const { isOpen, close } = menu;
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useInertPage(isOpen && isCompact);

  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      triggerRef.current?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (rootRef.current?.contains(target) || panelRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [isOpen, close]);

  // The sheet covers the page on phones: keep the page behind it from scrolling, and take focus
  // into it (a modal dialog; onPanelKeyDown keeps Tab inside).
  useEffect(() => {
    if (!isOpen || !isCompact) return;
    requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>("a")?.focus());
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isOpen, isCompact]);

  function focusFirstItem() {
    requestAnimationFrame(() => panelRef.current?.querySelector<HTMLElement>("a")?.focus());
  }

  function onTriggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!isOpen) menu.open("click");
      focusFirstItem();
    }
  }

  function onPanelKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === "Tab" && isCompact) {
      const focusables = [...(panelRef.current?.querySelectorAll<HTMLElement>("a, button") ?? [])];
      const edge = event.shiftKey ? focusables[0] : focusables[focusables.length - 1];
      if (document.activeElement === edge) {
        event.preventDefault();
        (event.shiftKey ? focusables[focusables.length - 1] : focusables[0])?.focus();
      }
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const links = [...(panelRef.current?.querySelectorAll<HTMLElement>("a") ?? [])];
    const index = links.indexOf(document.activeElement as HTMLElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    links[(index + step + links.length) % links.length]?.focus();
  }

  const items = (
    <ul className="flex flex-col gap-1">
      {tools.map((tool) => (
        <li key={tool.id}>
          <AiToolItem tool={tool} to={localizePath(tool.path, locale)} onSelect={close} />
        </li>
      ))}
    </ul>
  );

  const desktopPanel = (
    // biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move between the links inside.
    <div
      ref={panelRef}
      id={panelId}
      data-testid="ai-suite-menu"
      onKeyDown={onPanelKeyDown}
      className="absolute top-full right-0 z-40 w-[23rem] animate-pop-in pt-2.5 lg:left-1/2 lg:-translate-x-1/2"
    >
      <div className="rounded-2xl border border-line bg-surface p-2 shadow-float">
        <p className="px-3 pt-2 pb-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
          {t("aiSuite.subtitle")}
        </p>
        {items}
      </div>
    </div>
  );

  // Built only while open: the public pages are also rendered at build time, where there is no document.
  const compactPanel =
    isOpen &&
    isCompact &&
    createPortal(
      <>
        <button
          type="button"
          tabIndex={-1}
          aria-label={t("aiSuite.close")}
          data-testid="ai-suite-backdrop"
          onClick={close}
          className="fixed inset-0 z-50 animate-fade-in bg-ink/45 backdrop-blur-[2px] dark:bg-black/60"
        />
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="true"
          aria-labelledby={`${panelId}-title`}
          data-testid="ai-suite-menu"
          onKeyDown={onPanelKeyDown}
          className="fixed inset-x-3 top-[4.5rem] z-50 max-h-[calc(100dvh-6rem)] animate-pop-in overflow-y-auto rounded-3xl bg-surface p-3 shadow-float"
        >
          <div className="mb-2 flex items-start justify-between gap-4 px-2 pt-1">
            <div>
              <h2 id={`${panelId}-title`} className="text-lg font-bold text-ink">
                {t("aiSuite.title")}
              </h2>
              <p className="text-sm text-muted">{t("aiSuite.subtitle")}</p>
            </div>
            <button
              type="button"
              onClick={close}
              aria-label={t("aiSuite.close")}
              className="grid size-9 place-items-center rounded-full bg-canvas text-ink-soft hover:bg-canvas-deep"
            >
              <X aria-hidden="true" className="size-4.5" />
            </button>
          </div>
          {items}
        </div>
      </>,
      document.body,
    );

  return (
    <div
      ref={rootRef}
      className="relative"
      onPointerEnter={menu.onPointerEnter}
      onPointerLeave={menu.onPointerLeave}
    >
      <button
        ref={triggerRef}
        type="button"
        data-testid="ai-suite-trigger"
        aria-expanded={isOpen}
        aria-controls={isOpen ? panelId : undefined}
        onClick={menu.toggle}
        onKeyDown={onTriggerKeyDown}
        className={cn(
          "inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full pr-1.5 pl-3 sm:pr-2 text-[15px] font-semibold whitespace-nowrap transition-colors",
          isLabelHiddenOnPhone && "max-sm:pl-2.5",
          isOpen ? "bg-ink text-white" : "bg-accent-50 text-accent-800 hover:bg-accent-100",
        )}
      >
        <Sparkles aria-hidden="true" className="size-4" />
        <span
          className={cn(isLabelHiddenOnPhone ? "max-sm:sr-only" : locale === "en" && "max-[419px]:sr-only")}
        >
          {t("aiSuite.label")}
        </span>
        <span className="sr-only">{t("aiSuite.countLabel", { count: tools.length })}</span>
        <span
          data-testid="ai-suite-count"
          aria-hidden="true"
          className={cn(
            "grid h-5 min-w-5 place-items-center rounded-full px-1.5 text-[11px] font-bold tabular-nums",
            isOpen ? "bg-white/20 text-white" : "bg-accent-600 text-white",
          )}
        >
          {tools.length}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={cn("hidden size-4 transition-transform duration-200 sm:block", isOpen && "rotate-180")}
        />
      </button>
      {isOpen && (isCompact ? compactPanel : desktopPanel)}
    </div>
  );
}
