import { localizePath } from "@gyeol/shared/routes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageLocale } from "../../../lib/locale.ts";

interface CountdownNoteProps {
  remaining: number;
  total: number;
  /** false once the visitor chose to stay. */
  isRunning: boolean;
  onStay: () => void;
}

/**
 * "Going home in N s" with a thin bar that empties as it counts (spec 01 §2), a link to go now and a
 * button to stay (WCAG 2.2.1: a time limit the visitor can turn off). Screen readers hear the
 * countdown once when it starts and once when it stops, not every second.
 */
export function CountdownNote({ remaining, total, isRunning, onStay }: CountdownNoteProps) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [hasStarted, setHasStarted] = useState(false);
  // One frame at full width first, so the bar empties smoothly over the whole countdown.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setHasStarted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const home = localizePath("/", locale);
  const linkClass = "font-semibold text-accent-700 hover:underline";
  const announcement = !isRunning
    ? t("payment.countdown.stopped")
    : hasStarted
      ? t("payment.countdown.toHome", { seconds: total })
      : "";
  return (
    <div className="mt-7">
      <span role="status" className="sr-only">
        {announcement}
      </span>
      {isRunning ? (
        <>
          <div className="mx-auto h-1 w-40 overflow-hidden rounded-full bg-line">
            <div
              className="h-full origin-left rounded-full bg-accent-500 ease-linear"
              style={{
                transform: `scaleX(${hasStarted ? 0 : 1})`,
                transitionProperty: "transform",
                transitionDuration: `${total}s`,
              }}
            />
          </div>
          <p className="mt-3 text-sm text-muted">
            <span data-testid="payment-countdown">
              {t("payment.countdown.toHome", { seconds: remaining })}
            </span>
          </p>
          <p className="mt-1.5 flex items-center justify-center gap-2 text-sm text-muted">
            <Link to={home} className={linkClass}>
              {t("payment.countdown.goNow")}
            </Link>
            <span aria-hidden="true">·</span>
            <button type="button" data-testid="payment-countdown-stay" onClick={onStay} className={linkClass}>
              {t("payment.countdown.stay")}
            </button>
          </p>
        </>
      ) : (
        <p className="mt-3 text-sm text-muted">
          <span data-testid="payment-countdown-stopped">{t("payment.countdown.stopped")}</span>{" "}
          <Link to={home} className={linkClass}>
            {t("payment.countdown.goHome")}
          </Link>
        </p>
      )}
    </div>
  );
}
