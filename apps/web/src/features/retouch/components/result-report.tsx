import { Cpu, ShieldCheck, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";

/** Below ~0.95 the face has drifted enough to suggest a lower strength (engine README). */
export const IDENTITY_HINT_THRESHOLD = 0.95;
export const BUILTIN_ENGINE = "builtin";

interface ResultReportProps {
  identityScore: number | null;
  /** The share of the chosen retouch the engine kept to hold the likeness; below 1 the page says so. */
  retouchShare?: number | null;
  engine: string | null;
}

/** After a run: how much of the face was kept, and which engine did the work. */
export function ResultReport({ identityScore, retouchShare = null, engine }: ResultReportProps) {
  const { t } = useTranslation();
  const hasScore = identityScore !== null && Number.isFinite(identityScore);
  const isLow = hasScore && identityScore < IDENTITY_HINT_THRESHOLD;
  // The engine softened the retouch to keep the face its owner's: say so, or a weaker result than
  // the chosen strength looks like a fault (engine identity.ts keepIdentity).
  const keptShare = retouchShare !== null && retouchShare < 1 ? Math.round(retouchShare * 100) : null;
  if (!hasScore && engine !== BUILTIN_ENGINE) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="retouch-report">
      <div className="flex flex-wrap items-center gap-2">
        {hasScore && (
          <span
            data-testid="retouch-identity"
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-[13px] font-bold ring-1",
              isLow
                ? "bg-amber-50 text-amber-800 ring-amber-200"
                : "bg-emerald-50 text-emerald-700 ring-emerald-100",
            )}
          >
            {isLow ? (
              <TriangleAlert aria-hidden="true" className="size-3.5" />
            ) : (
              <ShieldCheck aria-hidden="true" className="size-3.5" />
            )}
            {t("retouch.result.identity", { percent: Math.round(identityScore * 100) })}
          </span>
        )}
        {engine === BUILTIN_ENGINE && (
          <span
            data-testid="retouch-engine-badge"
            title={t("retouch.result.builtinHint")}
            className="inline-flex items-center gap-1.5 rounded-full bg-canvas-deep px-3 py-1 text-[13px] font-semibold text-ink-soft ring-1 ring-line-strong"
          >
            <Cpu aria-hidden="true" className="size-3.5" />
            {t("retouch.result.builtinEngine")}
            <span className="sr-only">: {t("retouch.result.builtinHint")}</span>
          </span>
        )}
      </div>
      {keptShare !== null && (
        <p className="text-[13px] leading-snug text-ink-soft" data-testid="retouch-share-note">
          {t("retouch.result.shareKept", { percent: keptShare })}
        </p>
      )}
      {isLow && (
        <p className="text-[13px] leading-snug text-amber-800" data-testid="retouch-identity-hint">
          {t("retouch.result.identityLow")}
        </p>
      )}
    </div>
  );
}
