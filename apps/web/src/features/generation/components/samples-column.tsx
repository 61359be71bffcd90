/**
 * The samples column (spec 02 §2.3, §6): everyone clicks a sample to apply it; administrators add
 * the current result as a sample, delete one (after asking) and reorder them by dragging (or the
 * up/down buttons, for keyboards and touch screens). Native HTML drag and two buttons do what
 * @dnd-kit would for a short list, without its ~40 KB or its own keyboard model to document.
 */
import type { TGenerationSample } from "@gyeol/shared/contracts/generation";
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";

interface SamplesColumnProps {
  samples: TGenerationSample[] | undefined;
  isError: boolean;
  isAdmin: boolean;
  canAdd: boolean;
  onApply: (sample: TGenerationSample) => void;
  onAdd: () => void;
  onDelete: (id: number) => void;
  onReorder: (ids: number[]) => void;
}

export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function SamplesColumn(props: SamplesColumnProps) {
  const { t } = useTranslation();
  const { samples, isAdmin } = props;
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const ids = samples?.map((sample) => sample.id) ?? [];

  return (
    <OptionCard
      title={t("generation.samples.title")}
      testId="generation-samples"
      aside={
        isAdmin ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={props.onAdd}
            disabled={!props.canAdd}
            title={props.canAdd ? undefined : t("generation.samples.addNeedsResult")}
            data-testid="generation-sample-add"
            aria-label={t("generation.samples.add")}
          >
            <Plus aria-hidden="true" className="size-4" />
          </Button>
        ) : null
      }
    >
      {!samples ? (
        props.isError ? (
          <p className="py-4 text-center text-[13px] text-muted">{t("generation.samples.loadFailed")}</p>
        ) : (
          <div className="grid min-h-20 place-items-center text-accent-600">
            <Spinner />
          </div>
        )
      ) : samples.length === 0 ? (
        <p className="py-4 text-center text-[13px] text-muted" data-testid="generation-samples-empty">
          {t("generation.samples.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 lg:grid-cols-1">
          {samples.map((sample, index) => (
            <li
              key={sample.id}
              data-testid="generation-sample"
              draggable={isAdmin}
              onDragStart={() => setDragIndex(index)}
              onDragOver={(event) => isAdmin && event.preventDefault()}
              onDrop={() => {
                if (dragIndex !== null && dragIndex !== index) props.onReorder(moveId(ids, dragIndex, index));
                setDragIndex(null);
              }}
              className={cn("group relative", dragIndex === index && "opacity-50")}
            >
              <button
                type="button"
                onClick={() => props.onApply(sample)}
                aria-label={t("generation.samples.apply", { prompt: sample.prompt })}
                className="block w-full overflow-hidden rounded-2xl border border-line bg-canvas text-left focus-visible:outline-2 focus-visible:outline-accent-500"
              >
                <img
                  src={sample.thumbnail_url ?? sample.result_urls[0]}
                  alt=""
                  className="aspect-square w-full object-cover"
                  loading="lazy"
                />
                <span className="line-clamp-2 px-2 py-1.5 text-[12px] leading-snug text-ink-soft">
                  {sample.prompt}
                </span>
              </button>
              {isAdmin && (
                <div className="absolute top-1 right-1 flex gap-0.5 rounded-full bg-surface/90 p-0.5 shadow-soft">
                  <span
                    className="hidden cursor-grab p-1 text-muted lg:block"
                    title={t("generation.samples.dragHint")}
                  >
                    <GripVertical aria-hidden="true" className="size-3.5" />
                  </span>
                  <button
                    type="button"
                    className="rounded-full p-1 text-muted hover:text-ink disabled:opacity-30"
                    aria-label={t("generation.samples.moveUp")}
                    disabled={index === 0}
                    onClick={() => props.onReorder(moveId(ids, index, index - 1))}
                  >
                    <ArrowUp aria-hidden="true" className="size-3.5" />
                  </button>
                  <button
                    type="button"
                    className="rounded-full p-1 text-muted hover:text-ink disabled:opacity-30"
                    aria-label={t("generation.samples.moveDown")}
                    disabled={index === samples.length - 1}
                    onClick={() => props.onReorder(moveId(ids, index, index + 1))}
                  >
                    <ArrowDown aria-hidden="true" className="size-3.5" />
                  </button>
                  <button
                    type="button"
                    className="rounded-full p-1 text-red-600 hover:text-red-700"
                    aria-label={t("generation.samples.delete")}
                    data-testid="generation-sample-delete"
                    onClick={() => setDeleting(sample.id)}
                  >
                    <Trash2 aria-hidden="true" className="size-3.5" />
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("generation.samples.deleteTitle")}
        description={t("generation.samples.deleteBody")}
        confirmLabel={t("generation.samples.deleteConfirm")}
        cancelLabel={t("generation.cancel")}
        tone="danger"
        testId="generation-sample-delete-confirm"
        onConfirm={() => {
          if (deleting !== null) props.onDelete(deleting);
          setDeleting(null);
        }}
      />
    </OptionCard>
  );
}
