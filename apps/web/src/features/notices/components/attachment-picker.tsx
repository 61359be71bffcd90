import { MAX_NOTICE_ATTACHMENTS } from "@gyeol/shared/constants";
import { CircleAlert, ImagePlus, ImageUp, X } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../../../components/ui/cn.ts";
import { toKilobytes } from "../lib/notice-rules.ts";

/** The drop zone and the thumbnails of the files to attach (spec 01 §2 Notice editor). */
export function AttachmentPicker({
  files,
  onAdd,
  onRemove,
  onInsert,
  isDisabled,
  error,
}: {
  files: File[];
  onAdd: (files: File[]) => void;
  onRemove: (file: File) => void;
  onInsert: (file: File) => void;
  isDisabled?: boolean;
  /** Why the attachments were refused (a text file named .png …), shown under the drop zone. */
  error?: string;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const hintId = useId();
  const errorId = `${hintId}-error`;

  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        data-testid="notice-dropzone"
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        disabled={isDisabled}
        onClick={() => inputRef.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setIsDragging(false);
          onAdd([...event.dataTransfer.files]);
        }}
        className={cn(
          "flex flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-6 py-8 text-center transition-colors",
          "disabled:cursor-not-allowed disabled:opacity-60",
          isDragging
            ? "border-accent-500 bg-accent-50"
            : error
              ? "border-accent-500 bg-canvas/60"
              : "border-line-strong bg-canvas/60 hover:border-accent-300 hover:bg-accent-50/50",
        )}
      >
        <span className="grid size-11 place-items-center rounded-xl bg-surface text-accent-600 shadow-soft ring-1 ring-line">
          <ImageUp aria-hidden="true" className="size-5" />
        </span>
        <span className="font-semibold text-ink">
          {isDragging ? t("notices.editor.dropActive") : t("notices.editor.dropTitle")}
        </span>
        <span id={hintId} className="text-[13px] text-muted">
          {t("notices.editor.dropHint", { max: MAX_NOTICE_ATTACHMENTS })}
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept="image/jpeg,image/png,image/gif,image/webp"
        data-testid="notice-file-input"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          onAdd([...(event.target.files ?? [])]);
          event.target.value = "";
        }}
      />
      {error && (
        <p
          id={errorId}
          role="alert"
          data-testid="notice-files-error"
          className="flex items-start gap-2 text-[13px] font-medium text-accent-700"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {error}
        </p>
      )}
      {files.length > 0 && (
        <div>
          <p className="mb-2 text-sm font-semibold text-ink">
            {t("notices.editor.attachmentsLabel", { count: files.length, max: MAX_NOTICE_ATTACHMENTS })}
          </p>
          <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 md:grid-cols-3">
            {files.map((file) => (
              <AttachmentThumb
                key={`${file.name}-${file.size}-${file.lastModified}`}
                file={file}
                onRemove={() => onRemove(file)}
                onInsert={() => onInsert(file)}
              />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function AttachmentThumb({
  file,
  onRemove,
  onInsert,
}: {
  file: File;
  onRemove: () => void;
  onInsert: () => void;
}) {
  const { t } = useTranslation();
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);

  return (
    <li
      data-testid="notice-attachment"
      className="flex gap-3 rounded-2xl border border-line bg-surface p-2.5 shadow-soft"
    >
      <img src={url} alt="" className="size-16 shrink-0 rounded-xl bg-canvas-deep object-cover" />
      <div className="flex min-w-0 flex-1 flex-col justify-between">
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-ink" data-testid="notice-attachment-name">
            {file.name}
          </p>
          <p className="text-xs text-muted tabular-nums" data-testid="notice-attachment-size">
            {t("notices.detail.sizeKb", { size: toKilobytes(file.size) })}
          </p>
        </div>
        <div className="mt-1.5 flex gap-1.5">
          <button
            type="button"
            onClick={onInsert}
            data-testid="notice-attachment-insert"
            aria-label={t("notices.editor.insertNamed", { name: file.name })}
            className="inline-flex h-7 items-center gap-1 rounded-full bg-accent-50 px-2.5 text-xs font-semibold text-accent-700 ring-1 ring-accent-100 hover:bg-accent-100"
          >
            <ImagePlus aria-hidden="true" className="size-3.5" />
            {t("notices.editor.insert")}
          </button>
          <button
            type="button"
            onClick={onRemove}
            data-testid="notice-attachment-remove"
            aria-label={t("notices.editor.removeNamed", { name: file.name })}
            className="inline-flex h-7 items-center gap-1 rounded-full px-2.5 text-xs font-semibold text-ink-soft ring-1 ring-line hover:bg-ink/5"
          >
            <X aria-hidden="true" className="size-3.5" />
            {t("notices.editor.remove")}
          </button>
        </div>
      </div>
    </li>
  );
}
