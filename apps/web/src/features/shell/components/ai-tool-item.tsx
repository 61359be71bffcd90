import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { AiTool } from "../hooks/use-ai-tools.ts";

export function AiToolItem({ tool, to, onSelect }: { tool: AiTool; to: string; onSelect: () => void }) {
  const { t } = useTranslation();
  const Icon = tool.icon;
  return (
    <Link
      to={to}
      onClick={onSelect}
      data-testid={`ai-suite-item-${tool.id}`}
      className="group flex items-start gap-3.5 rounded-xl p-3 transition-colors hover:bg-canvas focus-visible:bg-canvas"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-gradient-to-br from-accent-100 to-accent-50 text-accent-700 ring-1 ring-accent-100">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-2">
          <span className="font-semibold text-ink">{t(`aiSuite.tools.${tool.id}.name`)}</span>
          <span className="rounded-full bg-canvas-deep px-2 py-0.5 text-[11px] font-semibold text-ink-soft">
            {t(`aiSuite.tools.${tool.id}.category`)}
          </span>
        </span>
        <span className="text-[13px] leading-snug text-muted">
          {t(`aiSuite.tools.${tool.id}.description`)}
        </span>
      </span>
      <ArrowRight
        aria-hidden="true"
        className="mt-1 size-4 shrink-0 text-muted opacity-0 transition-all group-hover:translate-x-0.5 group-hover:opacity-100"
      />
    </Link>
  );
}
