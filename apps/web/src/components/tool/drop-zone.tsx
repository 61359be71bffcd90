import { acceptAttribute, type TImagePolicy } from "@gyeol/shared/uploads";
import { ImageUp } from "lucide-react";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "../ui/cn.ts";

// A file input and three drag events: react-dropzone would add a dependency for folder and
// multi-file handling this page never offers (one image, its policy checked in shared/uploads).

interface DropZoneProps {
  onFile: (file: File) => void;
  isBusy: boolean;
  /** The tool's image policy (shared/uploads): what the file picker offers. */
  policy: TImagePolicy;
  /** The tool's line under the prompt ("JPG or PNG · 1024×1024 or larger recommended"). */
  hint: ReactNode;
  /** The file input's accessible name ("Choose a photo to retouch"). */
  inputLabel: string;
  /** Prefix of the test ids: `<prefix>-dropzone`, `-choose`, `-file-input`. */
  testIdPrefix: string;
}

function hasFiles(event: DragEvent): boolean {
  return [...event.dataTransfer.types].includes("Files");
}

/**
 * Drag-and-drop or click, for any tool's upload (spec 02 §2.1, §2.4); the zone lights up while a
 * file is over it. The tool's hook checks the file against its policy.
 */
export function DropZone({ onFile, isBusy, policy, hint, inputLabel, testIdPrefix }: DropZoneProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setIsOver] = useState(false);
  const depth = useRef(0);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    depth.current = 0;
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !isBusy) onFile(file);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is pointer-only; keyboard users get the button inside.
    <div
      data-testid={`${testIdPrefix}-dropzone`}
      data-over={isOver}
      onDragEnter={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setIsOver(true);
      }}
      onDragOver={(event) => {
        if (hasFiles(event)) event.preventDefault();
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setIsOver(false);
      }}
      onDrop={onDrop}
      className={cn(
        "relative flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-5 py-10 text-center transition-colors min-[700px]:py-14",
        isOver
          ? "border-accent-500 bg-accent-50"
          : "border-line-strong bg-canvas hover:border-accent-300 hover:bg-accent-50/40",
      )}
    >
      <span
        className={cn(
          "grid size-14 place-items-center rounded-2xl shadow-soft transition-colors",
          isOver ? "bg-accent-600 text-white" : "bg-surface text-accent-600",
        )}
      >
        <ImageUp aria-hidden="true" className="size-7" />
      </span>
      <p className="text-[15px] font-semibold text-ink">
        {isOver ? t("tool.upload.dropActive") : t("tool.upload.drop")}
      </p>
      <p className="text-[13px] text-muted">{hint}</p>
      <button
        type="button"
        data-testid={`${testIdPrefix}-choose`}
        disabled={isBusy}
        onClick={() => inputRef.current?.click()}
        className="mt-1 inline-flex h-10 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white shadow-soft transition-colors after:absolute after:inset-0 after:rounded-2xl hover:bg-ink-soft disabled:opacity-60"
      >
        {t("tool.upload.choose")}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={acceptAttribute(policy)}
        aria-label={inputLabel}
        data-testid={`${testIdPrefix}-file-input`}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
