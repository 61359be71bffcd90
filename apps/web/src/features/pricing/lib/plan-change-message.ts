import type { TLocale } from "@gyeol/shared/constants";
import type { TChangePlanResponse } from "@gyeol/shared/contracts/payment";
import type { TFunction } from "i18next";

/**
 * The success message after a plan change (spec 01 §4): the server's message, else a default,
 * else (English page) the cancel-removed message. The server writes its message in English, so
 * the Korean page says the same thing in Korean from the answer's fields.
 */
export function planChangedMessage(response: TChangePlanResponse, locale: TLocale, t: TFunction): string {
  if (locale === "en") {
    if (response.message) return response.message;
    return response.cancelScheduleRemoved ? t("pricing.toasts.cancelRemoved") : t("pricing.toasts.changed");
  }
  const name = (plan: TChangePlanResponse["plan"]) => t(`plans.names.${plan}`);
  const base =
    response.effective === "immediately"
      ? t("pricing.toasts.upgraded", { plan: name(response.plan) })
      : response.nextPlan !== response.plan
        ? t("pricing.toasts.downgradeScheduled", {
            plan: name(response.nextPlan),
            current: name(response.plan),
          })
        : t("pricing.toasts.stayed", { plan: name(response.plan) });
  return response.cancelScheduleRemoved ? `${base} ${t("pricing.toasts.cancelRemoved")}` : base;
}
