import { canUseMakeupCorrection } from "@gyeol/shared/policy";
import { ETHNICITIES, GENDERS, isMakeupStyle, listRetouchStyles } from "@gyeol/shared/retouch";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { useAuth } from "../../../lib/auth/auth-provider.tsx";
import type { TRetouchOptions, TRetouchOptionsAction } from "../lib/retouch-options.ts";
import { SelectField } from "./select-field.tsx";
import { StylePreviews } from "./style-previews.tsx";

interface StyleFieldsProps {
  options: TRetouchOptions;
  dispatch: (action: TRetouchOptionsAction) => void;
  /** The sticky bar's copy: smaller, labels for screen readers only. */
  isCompact?: boolean;
  testIdPrefix?: string;
}

/**
 * Gender, ethnicity and the styles the pair allows (spec 02 §2.1, §5 style table); outside the
 * sticky bar, a small before/after of each style under the select.
 */
export function StyleFields({
  options,
  dispatch,
  isCompact = false,
  testIdPrefix = "retouch",
}: StyleFieldsProps) {
  const { t } = useTranslation();
  const styles = listRetouchStyles(options.gender, options.ethnicity);
  // The plan cards sell makeup correction as what deluxe adds; the server refuses it otherwise.
  const { user } = useAuth();
  const canUseMakeup = Boolean(user?.isDemoUser) || canUseMakeupCorrection(user?.plan);
  const isLocked = (style: (typeof styles)[number]) => isMakeupStyle(style) && !canUseMakeup;
  const hasLockedStyles = styles.some(isLocked);
  return (
    <div className={cn("grid gap-2.5", isCompact ? "grid-cols-3 gap-1.5" : "grid-cols-2")}>
      <SelectField
        label={t("retouch.options.gender")}
        value={options.gender}
        options={GENDERS}
        optionLabel={(value) => t(`retouch.options.genders.${value}`)}
        onChange={(value) => dispatch({ type: "gender", value })}
        isCompact={isCompact}
        isLabelHidden={isCompact}
        testId={`${testIdPrefix}-gender`}
      />
      <SelectField
        label={t("retouch.options.ethnicity")}
        value={options.ethnicity}
        options={ETHNICITIES}
        optionLabel={(value) => t(`retouch.options.ethnicities.${value}`)}
        onChange={(value) => dispatch({ type: "ethnicity", value })}
        isCompact={isCompact}
        isLabelHidden={isCompact}
        testId={`${testIdPrefix}-ethnicity`}
      />
      <div className={cn(!isCompact && "col-span-2")}>
        <SelectField
          label={t("retouch.options.style")}
          value={options.style}
          options={styles}
          optionLabel={(value) =>
            isLocked(value)
              ? t("retouch.options.planOnly", { style: t(`retouch.options.styles.${value}`) })
              : t(`retouch.options.styles.${value}`)
          }
          isOptionDisabled={isLocked}
          onChange={(value) => dispatch({ type: "style", value })}
          isCompact={isCompact}
          isLabelHidden={isCompact}
          testId={`${testIdPrefix}-style`}
        />
        {isCompact ? null : (
          <StylePreviews
            gender={options.gender}
            ethnicity={options.ethnicity}
            value={options.style}
            onChange={(value) => dispatch({ type: "style", value })}
            isLocked={isLocked}
            testIdPrefix={testIdPrefix}
          />
        )}
        {hasLockedStyles && !isCompact ? (
          <p className="mt-1.5 text-xs text-muted" data-testid={`${testIdPrefix}-style-plan-hint`}>
            {t("retouch.options.makeupPlanHint")}
          </p>
        ) : null}
      </div>
    </div>
  );
}
