import { useTranslation } from "react-i18next";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { SwitchRow } from "../../../components/ui/switch-row.tsx";
import { AREA_EXCLUSIONS, FACE_EXCLUSIONS, type TExclusion } from "../lib/retouch-options.ts";

interface AreasCardProps {
  exclusions: Record<TExclusion, boolean>;
  onChange: (key: TExclusion, value: boolean) => void;
}

/**
 * The retouch-area toggles (spec 02 §2.1). Exclude background and Exclude outfit, "coming soon" in
 * the original, work here through the engine's region masks.
 */
export function AreasCard({ exclusions, onChange }: AreasCardProps) {
  const { t } = useTranslation();
  return (
    <OptionCard title={t("retouch.areas.title")} testId="retouch-areas-card">
      <p className="-mt-2 mb-3 text-[13px] text-muted">{t("retouch.areas.lead")}</p>
      <div className="grid grid-cols-1 gap-1.5 min-[420px]:grid-cols-2">
        {[...FACE_EXCLUSIONS, ...AREA_EXCLUSIONS].map((key) => (
          <SwitchRow
            key={key}
            label={t(`retouch.areas.names.${key}`)}
            isOn={exclusions[key]}
            onChange={(value) => onChange(key, value)}
            testId={`retouch-exclude-${key}`}
          />
        ))}
      </div>
    </OptionCard>
  );
}
