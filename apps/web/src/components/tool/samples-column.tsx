/**
 * The samples column of image edit and generation (spec 02 §2.2, §2.3, §6): everyone clicks a
 * sample to apply it; administrators add the current result as a sample, delete one (after
 * asking) and reorder them by dragging or by the up/down buttons (keyboards and touch screens).
 * Native HTML drag and two buttons do what @dnd-kit would for a short list, without its ~40 KB or
 * its own keyboard model to document. The tool passes its samples and what each action does.
 */
import { ArrowDown, ArrowUp, GripVertical, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { OptionCard } from "../ui/option-card.tsx";
import { Spinner } from "../ui/spinner.tsx";

/** What the column shows of a sample; each tool's sample has more. */
export interface TSampleCard {
  id: number;
  prompt: string;
  thumbnail_url?: string | null;
  result_urls: readonly string[];
}

export interface TSamplesColumnProps<S extends TSampleCard> {
  /** undefined while loading. */
  samples: readonly S[] | undefined;
  isError: boolean;
  isAdmin: boolean;
  canAdd: boolean;
  onApply: (sample: S) => void;
  onAdd: () => void;
  onDelete: (sample: S) => void;
  onReorder: (ids: number[]) => void;
  /** Names the column's test ids: `${testId}s`, `${testId}`, `${testId}-add`, `${testId}-delete` … */
  testId: string;
  className?: string;
}

/** The ids with the one at `from` moved to `to` (clamped to the list). */
export function moveId(ids: readonly number[], from: number, to: number): number[] {
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  if (moved === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

export function SamplesColumn<S extends TSampleCard>(props: TSamplesColumnProps<S>) {
  const { t } = useTranslation();
  const { samples, isAdmin, testId } = props;
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<S | null>(null);
  const ids = samples?.map((sample) => sample.id) ?? [];

  return (
    <OptionCard
      title={t("tool.samples.title")}
      testId={`${testId}s`}
      {...(props.className ? { className: props.className } : {})}
      aside={
        isAdmin ? (
          <Button
            size="sm"
            variant="secondary"
            onClick={props.onAdd}
            disabled={!props.canAdd}
            title={props.canAdd ? undefined : t("tool.samples.addNeedsResult")}
            data-testid={`${testId}-add`}
            aria-label={t("tool.samples.add")}
          >
            <Plus aria-hidden="true" className="size-4" />
          </Button>
        ) : null
      }
    >
      {!samples ? (
        props.isError ? (
          <p className="py-4 text-center text-[13px] text-muted">{t("tool.samples.loadFailed")}</p>
        ) : (
          <div className="grid min-h-20 place-items-center text-accent-600">
            <Spinner />
          </div>
        )
      ) : samples.length === 0 ? (
        <p className="py-4 text-center text-[13px] text-muted" data-testid={`${testId}s-empty`}>
          {t("tool.samples.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 lg:grid-cols-1">
          {samples.map((sample, index) => (
            <li
              key={sample.id}
              data-testid={testId}
              data-sample-id={sample.id}
              draggable={isAdmin}
              onDragStart={() => setDragIndex(index)}
              onDragOver={(event) => isAdmin && event.preventDefault()}
              onDrop={() => {
                if (dragIndex !== null && dragIndex !== index) props.onReorder(moveId(ids, dragIndex, index));
                setDragIndex(null);
              }}
              className={cn("group relative", dragIndex === index && "opacity-50")}
            >
              <SampleButton
                sample={sample}
                onApply={() => props.onApply(sample)}
                testId={`${testId}-${sample.id}`}
              />
              {isAdmin && (
                <SampleAdminBar
                  isFirst={index === 0}
                  isLast={index === samples.length - 1}
                  onMove={(by) => props.onReorder(moveId(ids, index, index + by))}
                  onDelete={() => setDeleting(sample)}
                  testId={`${testId}-delete`}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("tool.samples.deleteTitle")}
        description={t("tool.samples.deleteBody")}
        confirmLabel={t("tool.samples.deleteConfirm")}
        cancelLabel={t("tool.samples.deleteCancel")}
        tone="danger"
        testId={`${testId}-delete-confirm`}
        onConfirm={() => {
          if (deleting !== null) props.onDelete(deleting);
          setDeleting(null);
        }}
      />
    </OptionCard>
  );
}

function SampleButton({
  sample,
  onApply,
  testId,
}: {
  sample: TSampleCard;
  onApply: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const picture = sample.thumbnail_url ?? sample.result_urls[0];
  return (
    <button
      type="button"
      onClick={onApply}
      data-testid={testId}
      aria-label={t("tool.samples.apply", { prompt: sample.prompt })}
      className="block w-full overflow-hidden rounded-2xl border border-line bg-canvas text-left focus-visible:outline-2 focus-visible:outline-accent-500"
    >
      {picture && <img src={picture} alt="" className="aspect-square w-full object-cover" loading="lazy" />}
      <span className="line-clamp-2 px-2 py-1.5 text-[12px] leading-snug text-ink-soft">{sample.prompt}</span>
    </button>
  );
}

function SampleAdminBar(props: {
  isFirst: boolean;
  isLast: boolean;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const iconButton = "rounded-full p-1 text-muted hover:text-ink disabled:opacity-30";
  return (
    <div className="absolute top-1 right-1 flex gap-0.5 rounded-full bg-surface/90 p-0.5 shadow-soft">
      <span className="hidden cursor-grab p-1 text-muted lg:block" title={t("tool.samples.dragHint")}>
        <GripVertical aria-hidden="true" className="size-3.5" />
      </span>
      <button
        type="button"
        className={iconButton}
        aria-label={t("tool.samples.moveUp")}
        disabled={props.isFirst}
        onClick={() => props.onMove(-1)}
      >
        <ArrowUp aria-hidden="true" className="size-3.5" />
      </button>
      <button
        type="button"
        className={iconButton}
        aria-label={t("tool.samples.moveDown")}
        disabled={props.isLast}
        onClick={() => props.onMove(1)}
      >
        <ArrowDown aria-hidden="true" className="size-3.5" />
      </button>
      <button
        type="button"
        className="rounded-full p-1 text-red-600 hover:text-red-700"
        aria-label={t("tool.samples.delete")}
        data-testid={props.testId}
        onClick={props.onDelete}
      >
        <Trash2 aria-hidden="true" className="size-3.5" />
      </button>
    </div>
  );
}
