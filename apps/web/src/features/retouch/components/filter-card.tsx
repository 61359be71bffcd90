import { FILTERS, isDewySkin, type TFilter } from "@gyeol/shared/retouch";
import { Droplets } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { RangeField } from "../../../components/ui/range-field.tsx";

interface FilterCardProps {
  filter: TFilter;
  strength: number;
  onFilter: (filter: TFilter) => void;
  onStrength: (strength: number) => void;
}

/** Chips None / Studio / Fair skin and the strength 0–1 in steps of 0.05 (spec 02 §2.1). */
export function FilterCard({ filter, strength, onFilter, onStrength }: FilterCardProps) {
  const { t } = useTranslation();
  return (
    <OptionCard
      title={t("retouch.filter.title")}
      testId="retouch-filter-card"
      aside={
        isDewySkin(filter, strength) && (
          <span className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2.5 py-0.5 text-[11px] font-bold text-sky-700 ring-1 ring-sky-100">
            <Droplets aria-hidden="true" className="size-3" />
            {t("retouch.filter.dewy")}
          </span>
        )
      }
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a row of toggle buttons, not a form fieldset. */}
      <div role="group" aria-label={t("retouch.filter.groupLabel")} className="mb-4 grid grid-cols-3 gap-1.5">
        {FILTERS.map((value) => {
          const isActive = value === filter;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={isActive}
              data-testid={`retouch-filter-${value}`}
              onClick={() => onFilter(value)}
              className={cn(
                "h-10 rounded-xl px-2 text-[13px] font-semibold transition-colors",
                isActive
                  ? "bg-ink text-white shadow-soft"
                  : "bg-canvas text-ink-soft hover:bg-canvas-deep hover:text-ink",
              )}
            >
              {t(`retouch.filter.names.${value}`)}
            </button>
          );
        })}
      </div>
      <RangeField
        label={t("retouch.filter.strength")}
        value={strength}
        min={0}
        max={1}
        step={0.05}
        valueText={strength.toFixed(2)}
        spokenValue={t("retouch.filter.strengthSpoken", { percent: Math.round(strength * 100) })}
        onChange={onStrength}
        disabled={filter === "none"}
        testId="retouch-strength"
      />
    </OptionCard>
  );
}
