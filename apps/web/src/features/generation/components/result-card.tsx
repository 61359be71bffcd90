/**
 * The result card (spec 02 §2.3): a 4-cell grid; each image zooms full screen, downloads, copies
 * the share link (when the affiliate programme is on) and goes to retouch through the handoff.
 */
import { GENERATION_MAX_IMAGES } from "@gyeol/shared/generation";
import { Download, ImageIcon, Link2, Maximize2, PencilLine, Wand2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { OptionCard } from "../../../components/ui/option-card.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { TGenerationRunState } from "../hooks/use-generation-run.ts";

interface ResultCardProps {
  run: TGenerationRunState;
  canShare: boolean;
  busyDownloadUrl: string | null;
  onZoom: (url: string) => void;
  onDownload: (url: string) => void;
  onShare: () => void;
  onSendToUpscale: (url: string) => void;
  /** Issue 26: the result becomes the next run's reference image (absent while a run works). */
  onEditAgain?: ((url: string) => void) | undefined;
  /** Issue 26: stops the run while it is followed. */
  onCancel?: () => void;
  isCancelling?: boolean;
}

function Action({
  label,
  onClick,
  children,
  testId,
}: {
  label: string;
  onClick: () => void;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      data-testid={testId}
      onClick={onClick}
      className="grid size-8 place-items-center rounded-full bg-surface/90 text-ink shadow-soft hover:bg-surface"
    >
      {children}
    </button>
  );
}

export function ResultCard({
  run,
  canShare,
  busyDownloadUrl,
  onZoom,
  onDownload,
  onShare,
  onSendToUpscale,
  onEditAgain,
  onCancel,
  isCancelling = false,
}: ResultCardProps) {
  const { t } = useTranslation();
  const isWorking = run.phase === "submitting" || run.phase === "generating";
  const cells = Array.from({ length: GENERATION_MAX_IMAGES }, (_, index) => run.images[index] ?? null);
  return (
    <OptionCard title={t("generation.result.title")} testId="generation-result">
      <ul className="grid grid-cols-2 gap-2" data-testid="generation-grid">
        {cells.map((url, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the grid's four cells are fixed places.
            key={index}
            className={cn(
              "relative aspect-square overflow-hidden rounded-2xl border border-line bg-canvas",
              url && "group",
            )}
          >
            {url ? (
              <>
                <button
                  type="button"
                  className="block size-full"
                  onClick={() => onZoom(url)}
                  aria-label={t("generation.result.zoomImage", { index: index + 1 })}
                >
                  <img
                    src={url}
                    alt=""
                    className="size-full object-cover"
                    data-testid="generation-result-image"
                  />
                </button>
                {/* Up to five actions: on a phone's narrow cell they wrap upwards rather than spill out. */}
                <div className="absolute inset-x-1.5 bottom-1.5 flex flex-wrap-reverse justify-end gap-1">
                  <Action
                    label={t("generation.result.zoom")}
                    onClick={() => onZoom(url)}
                    testId="generation-zoom"
                  >
                    <Maximize2 aria-hidden="true" className="size-4" />
                  </Action>
                  <Action
                    label={t("generation.result.download")}
                    onClick={() => onDownload(url)}
                    testId="generation-download"
                  >
                    {busyDownloadUrl === url ? (
                      <Spinner className="size-4" />
                    ) : (
                      <Download aria-hidden="true" className="size-4" />
                    )}
                  </Action>
                  {canShare && (
                    <Action label={t("generation.result.share")} onClick={onShare} testId="generation-share">
                      <Link2 aria-hidden="true" className="size-4" />
                    </Action>
                  )}
                  <Action
                    label={t("generation.result.sendToUpscale")}
                    onClick={() => onSendToUpscale(url)}
                    testId="generation-send-upscale"
                  >
                    <Wand2 aria-hidden="true" className="size-4" />
                  </Action>
                  {onEditAgain && (
                    <Action
                      label={t("toolFlow.editAgain")}
                      onClick={() => onEditAgain(url)}
                      testId="generation-edit-again"
                    >
                      <PencilLine aria-hidden="true" className="size-4" />
                    </Action>
                  )}
                </div>
              </>
            ) : (
              <div className="grid size-full place-items-center text-line-strong">
                {isWorking && index < run.asked ? (
                  <Spinner className="size-6 text-accent-600" />
                ) : (
                  <ImageIcon aria-hidden="true" className="size-7" />
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {isWorking ? (
        <p
          className="mt-3 text-center text-[13px] text-accent-700"
          role="status"
          data-testid="generation-waiting"
        >
          {t("generation.result.waiting")}
          {onCancel && run.phase === "generating" && (
            <Button
              variant="secondary"
              size="sm"
              className="ml-2"
              data-testid="generation-cancel"
              isLoading={isCancelling}
              onClick={onCancel}
            >
              {t("tool.result.cancel")}
            </Button>
          )}
        </p>
      ) : run.phase === "idle" ? (
        <p className="mt-3 text-center text-[13px] text-muted">{t("generation.result.empty")}</p>
      ) : null}
      {isWorking && run.isLong && (
        <p
          className="mt-2 rounded-2xl bg-accent-50 px-3 py-2 text-[12px] text-accent-800"
          data-testid="generation-long-notice"
        >
          {t("generation.result.longNotice")}
        </p>
      )}
      {run.phase === "completed" && run.partial && (
        <p className="mt-2 text-center text-[12px] text-amber-700" data-testid="generation-partial">
          {t("generation.result.partial", { count: run.images.length, asked: run.asked })}
        </p>
      )}
    </OptionCard>
  );
}
