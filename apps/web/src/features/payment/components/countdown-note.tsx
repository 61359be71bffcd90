import { localizePath } from "@gyeol/shared/routes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePageLocale } from "../../../lib/locale.ts";

/** "Going home in N s" with a thin bar that empties as it counts (spec 01 §2). */
export function CountdownNote({ remaining, total }: { remaining: number; total: number }) {
  const { t } = useTranslation();
  const locale = usePageLocale();
  const [hasStarted, setHasStarted] = useState(false);
  // One frame at full width first, so the bar empties smoothly over the whole countdown.
  useEffect(() => {
    const frame = requestAnimationFrame(() => setHasStarted(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="mt-7">
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
      <p className="mt-3 text-sm text-muted" aria-live="polite">
        <span data-testid="payment-countdown">{t("payment.countdown.toHome", { seconds: remaining })}</span>
        {" · "}
        <Link to={localizePath("/", locale)} className="font-semibold text-accent-700 hover:underline">
          {t("payment.countdown.goNow")}
        </Link>
      </p>
    </div>
  );
}
