import type { TMaskColor, TMaskPreset } from "@gyeol/shared/mask";
import { Check, Download, Trash2 } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import { type KeyboardEvent, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { cn } from "../ui/cn.ts";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { useReturnFocus } from "../ui/use-return-focus.ts";
import { downloadBlob, loadMaskFile } from "./canvas.ts";
import { MaskEditorHeader } from "./mask-editor-header.tsx";
import { MaskStage } from "./mask-stage.tsx";
import { controlStyles, MaskToolbar } from "./mask-toolbar.tsx";
import {
  canRedo,
  canUndo,
  createMaskDoc,
  hasSameOps,
  isMaskEmpty,
  maskReducer,
  renderMask,
  type TMaskAction,
  type TMaskDoc,
} from "./model.ts";
import { encodeMaskPng } from "./png.ts";
import { commandFor, type TEditorCommand } from "./shortcuts.ts";
import { useBrushSettings } from "./use-brush-settings.ts";
import { useImageSize } from "./use-image-size.ts";
import { useViewport } from "./use-viewport.ts";

export interface TMaskSaveDetails {
  /** The overlay colour the user chose (image edit composites the mask in it, spec 02 §3 tile.maskColor). */
  color: TMaskColor;
  /** Nothing is painted: a tool that needs a mask treats this as no mask. */
  isEmpty: boolean;
}

export interface MaskEditorProps {
  open: boolean;
  /** The picture to mask: a URL, or the file the user picked. */
  image: string | Blob;
  /** MASK_PRESETS[tool]: brush range and default, restricted variant, where settings are remembered. */
  preset: TMaskPreset;
  /** The mask saved last time, to go on editing it (ignored if the picture's size changed). */
  initialDoc?: TMaskDoc | null;
  /**
   * The mask as a PNG at the picture's own size, white where painted on black, and its document.
   * The editor stays open; the caller closes it (or shows why the save failed by throwing).
   */
  onSave: (mask: Blob, doc: TMaskDoc, details: TMaskSaveDetails) => void | Promise<void>;
  onClose: () => void;
}

const MASK_FILENAME = "mask.png";

const DARK_BUTTON = cn(
  "inline-flex h-11 shrink-0 items-center justify-center gap-2 rounded-full text-[15px] font-semibold whitespace-nowrap",
  "bg-white/10 text-white transition-colors hover:bg-white/20 active:bg-white/30",
  "disabled:cursor-not-allowed disabled:opacity-50",
  controlStyles,
);

/** The document changes a screen reader is told about; strokes are seen, not said. */
const ANNOUNCED = { undo: true, redo: true, clear: true, invert: true, import: true } as const;

type TMessage = { tone: "error" | "info"; text: string } | null;

/** The document, its saved state, and `act`: every change goes through it (and is announced). */
function useMaskDoc(
  size: { width: number; height: number } | null,
  initialDoc: TMaskDoc | null | undefined,
  setMessage: (message: TMessage) => void,
) {
  const { t } = useTranslation();
  const [doc, dispatch] = useReducer(maskReducer, null);
  const [savedDoc, setSavedDoc] = useState<TMaskDoc | null>(null);
  // The document starts once per picture: a caller that stores the saved document and passes it
  // back as initialDoc must not reset the open editor (and its redo stack) by doing so.
  const initialDocRef = useRef(initialDoc);
  useEffect(() => {
    if (!size) return;
    const { width, height } = size;
    const previous = initialDocRef.current;
    const start =
      previous && previous.width === width && previous.height === height
        ? { ...previous, redo: [] }
        : createMaskDoc(width, height);
    dispatch({ type: "reset", doc: start });
    setSavedDoc(start);
  }, [size]);

  const isDirty = doc !== null && savedDoc !== null && !hasSameOps(doc, savedDoc);

  // What a change made without the pointer did, for a screen reader (issue 17: an announced state).
  // The count makes a repeated "Undone" a new text, so it is said again.
  const [announcement, setAnnouncement] = useState<{ text: string; count: number } | null>(null);
  const act = useCallback(
    (action: TMaskAction) => {
      setMessage(null);
      dispatch(action);
      const isNoop =
        !doc || (action.type === "undo" && !canUndo(doc)) || (action.type === "redo" && !canRedo(doc));
      if (action.type in ANNOUNCED && !isNoop) {
        const text = t(`maskEditor.announce.${action.type as keyof typeof ANNOUNCED}`);
        setAnnouncement((previous) => ({ text, count: (previous?.count ?? 0) + 1 }));
      }
    },
    [t, doc, setMessage],
  );
  return { doc, savedDoc, setSavedDoc, isDirty, announcement, act };
}

/** Save, download and import, with which of them is running. */
function useMaskFiles(input: {
  doc: TMaskDoc | null;
  color: TMaskColor;
  onSave: MaskEditorProps["onSave"];
  setSavedDoc: (doc: TMaskDoc) => void;
  act: (action: TMaskAction) => void;
  setMessage: (message: TMessage) => void;
}) {
  const { t } = useTranslation();
  const { doc, onSave, setSavedDoc, act, setMessage } = input;
  const [busy, setBusy] = useState<"saving" | "downloading" | null>(null);

  const render = async (current: TMaskDoc) => {
    const alpha = renderMask(current);
    return { blob: await encodeMaskPng(alpha, current.width, current.height), isEmpty: isMaskEmpty(alpha) };
  };

  const save = async () => {
    if (!doc || busy) return;
    setBusy("saving");
    setMessage(null);
    try {
      const { blob, isEmpty } = await render(doc);
      await onSave(blob, doc, { color: input.color, isEmpty });
      setSavedDoc(doc);
    } catch {
      setMessage({ tone: "error", text: t("maskEditor.saveFailed") });
    } finally {
      setBusy(null);
    }
  };

  const download = async () => {
    if (!doc || busy) return;
    setBusy("downloading");
    setMessage(null);
    try {
      downloadBlob((await render(doc)).blob, MASK_FILENAME);
    } catch {
      setMessage({ tone: "error", text: t("maskEditor.downloadFailed") });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file || !doc) return;
    try {
      const { mask, isStretched } = await loadMaskFile(file, doc.width, doc.height);
      act({ type: "import", mask });
      if (isStretched) setMessage({ tone: "info", text: t("maskEditor.importStretched") });
    } catch {
      setMessage({ tone: "error", text: t("maskEditor.importFailed") });
    }
  };
  return { busy, save, download, importFile };
}

/** The editor's keys (spec 02 §2.2): shortcuts, hold O for the original, hold Space to pan. */
function useEditorKeys(input: {
  isOn: boolean;
  act: (action: TMaskAction) => void;
  brush: ReturnType<typeof useBrushSettings>;
  viewport: ReturnType<typeof useViewport>;
}) {
  const { act, brush, viewport } = input;
  const [isOriginalShown, setOriginalShown] = useState(false);
  const [isPanKeyHeld, setPanKeyHeld] = useState(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!input.isOn) return;
    const command = commandFor(event);
    if (!command) return;
    event.preventDefault();
    run(command);
  };

  const run = (command: TEditorCommand) => {
    switch (command) {
      case "undo":
      case "redo":
      case "invert":
        return act({ type: command });
      case "smaller":
        return brush.stepSize(-1);
      case "larger":
        return brush.stepSize(1);
      case "draw":
      case "rect":
      case "erase":
        return brush.setMode(command);
      case "original":
        return setOriginalShown(true);
      case "panKey":
        return setPanKeyHeld(true);
      case "zoomIn":
        return viewport.zoomIn();
      case "zoomOut":
        return viewport.zoomOut();
      case "fit":
        return viewport.fit();
    }
  };

  const onKeyUp = (event: KeyboardEvent) => {
    if (event.code === "KeyO") setOriginalShown(false);
    if (event.key === " ") setPanKeyHeld(false);
  };

  const releaseKeys = () => {
    setOriginalShown(false);
    setPanKeyHeld(false);
  };

  return { isOriginalShown, setOriginalShown, isPanKeyHeld, onKeyDown, onKeyUp, releaseKeys };
}

/** The picture with its mask, or its loading or failed state (which holds the focus meanwhile). */
function StageArea({
  doc,
  picture,
  act,
  brush,
  keys,
  viewport,
}: {
  doc: TMaskDoc | null;
  picture: ReturnType<typeof useImageSize>;
  act: (action: TMaskAction) => void;
  brush: ReturnType<typeof useBrushSettings>;
  keys: ReturnType<typeof useEditorKeys>;
  viewport: ReturnType<typeof useViewport>;
}) {
  const { t } = useTranslation();
  const stageLabel = t("maskEditor.canvasLabel");
  return (
    <div className="order-1 flex min-h-0 flex-1 flex-col min-[1000px]:order-none">
      {doc && picture.url ? (
        <MaskStage
          imageUrl={picture.url}
          doc={doc}
          onCommit={(op) => act({ type: "apply", op })}
          mode={brush.mode}
          brushSize={brush.size}
          color={brush.color}
          isOriginalShown={keys.isOriginalShown}
          isPanKeyHeld={keys.isPanKeyHeld}
          viewport={viewport}
          label={stageLabel}
        />
      ) : (
        <div
          // Focus lands here until the picture is ready, so the dialog is never without it.
          role="application"
          aria-label={stageLabel}
          tabIndex={-1}
          data-testid="mask-editor-stage"
          className="grid flex-1 place-items-center rounded-2xl bg-black/40 text-sm text-white/80 outline-none"
        >
          {picture.status === "failed" ? (
            <p role="alert">{t("maskEditor.loadFailed")}</p>
          ) : (
            <p className="flex items-center gap-2" role="status">
              <Spinner className="size-4" />
              {t("maskEditor.loading")}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/** The announcement and message lines, then Clear, Download and Save. */
function MaskEditorFooter({
  announcement,
  message,
  isReady,
  act,
  files,
}: {
  announcement: { text: string; count: number } | null;
  message: TMessage;
  isReady: boolean;
  act: (action: TMaskAction) => void;
  files: ReturnType<typeof useMaskFiles>;
}) {
  const { t } = useTranslation();
  const { busy, download, save } = files;
  return (
    <footer className="order-3 flex flex-wrap items-center justify-between gap-2 min-[1000px]:order-none">
      <p role="status" aria-live="polite" className="sr-only" data-testid="mask-editor-announcement">
        {announcement && `${announcement.text}${announcement.count % 2 === 0 ? "\u00a0" : ""}`}
      </p>
      <p
        role="status"
        aria-live="polite"
        data-testid="mask-editor-message"
        className={cn("min-h-5 text-sm", message?.tone === "error" ? "text-red-300" : "text-white/80")}
      >
        {message?.text}
      </p>
      <div className="flex flex-1 justify-end gap-2 min-[1000px]:flex-none">
        <button
          type="button"
          onClick={() => act({ type: "clear" })}
          disabled={!isReady}
          data-testid="mask-editor-clear"
          className={cn(DARK_BUTTON, "flex-1 px-5 min-[1000px]:flex-none")}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          {t("maskEditor.clear")}
        </button>
        <button
          type="button"
          onClick={() => void download()}
          disabled={!isReady || busy !== null}
          aria-busy={busy === "downloading" || undefined}
          data-testid="mask-editor-download"
          title={t("maskEditor.download")}
          className={cn(DARK_BUTTON, "w-11 min-[1000px]:w-auto min-[1000px]:px-5")}
        >
          {busy === "downloading" ? (
            <Spinner className="size-4" />
          ) : (
            <Download aria-hidden="true" className="size-4" />
          )}
          {/* Three labelled buttons do not fit a phone: there the download button is its icon. */}
          <span className="sr-only min-[1000px]:not-sr-only">{t("maskEditor.download")}</span>
        </button>
        <Button
          variant="light"
          size="md"
          onClick={() => void save()}
          disabled={!isReady}
          isLoading={busy === "saving"}
          data-testid="mask-editor-save"
          className={cn("flex-1 min-[1000px]:flex-none", controlStyles)}
        >
          {busy !== "saving" && <Check aria-hidden="true" className="size-4" />}
          {t("maskEditor.save")}
        </Button>
      </div>
    </footer>
  );
}

/**
 * The full-screen mask editor shared by face edit and image edit (spec 02 §2.2, §2.4), on the
 * radix Dialog (focus trapped inside, Escape asks before dropping unsaved work).
 */
export function MaskEditor(props: MaskEditorProps) {
  return (
    <RadixDialog.Root open={props.open}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-black/90" />
        {props.open && <MaskEditorContent {...props} />}
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function MaskEditorContent({ image, preset, initialDoc, onSave, onClose }: MaskEditorProps) {
  const { t } = useTranslation();
  const picture = useImageSize(image);
  const brush = useBrushSettings(preset);
  const viewport = useViewport(picture.size);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [message, setMessage] = useState<TMessage>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  // Closed (saved, discarded or Esc), the editor gives focus back to the button that opened it.
  const returnFocus = useReturnFocus();
  const { doc, setSavedDoc, isDirty, announcement, act } = useMaskDoc(picture.size, initialDoc, setMessage);
  const isReady = doc !== null;
  const files = useMaskFiles({ doc, color: brush.color, onSave, setSavedDoc, act, setMessage });
  const { busy, importFile } = files;
  const keys = useEditorKeys({ isOn: !isConfirmOpen && isReady, act, brush, viewport });

  const requestClose = () => {
    if (isDirty) setConfirmOpen(true);
    else onClose();
  };

  return (
    <RadixDialog.Content
      data-testid="mask-editor"
      aria-describedby="mask-editor-hint"
      onEscapeKeyDown={(event) => {
        event.preventDefault();
        if (!busy) requestClose();
      }}
      onOpenAutoFocus={(event) => {
        returnFocus.onOpenAutoFocus();
        // The stage takes the keys (brush, zoom, undo) from the first moment.
        event.preventDefault();
        document.querySelector<HTMLElement>("[data-testid='mask-editor-stage']")?.focus();
      }}
      onCloseAutoFocus={returnFocus.onCloseAutoFocus}
      onKeyDown={keys.onKeyDown}
      onKeyUp={keys.onKeyUp}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) keys.releaseKeys();
      }}
      className="fixed inset-0 z-50 flex animate-fade-in flex-col gap-2 p-2 text-white outline-none min-[1000px]:gap-3 min-[1000px]:p-5"
    >
      <MaskEditorHeader onClose={requestClose} isCloseDisabled={busy !== null} />

      <div className="order-2 min-[1000px]:order-none">
        <MaskToolbar
          preset={preset}
          mode={brush.mode}
          onModeChange={brush.setMode}
          brushSize={brush.size}
          onBrushSizeChange={brush.setSize}
          color={brush.color}
          onColorChange={brush.setColor}
          canUndo={doc !== null && canUndo(doc)}
          canRedo={doc !== null && canRedo(doc)}
          onUndo={() => act({ type: "undo" })}
          onRedo={() => act({ type: "redo" })}
          onInvert={() => act({ type: "invert" })}
          onImport={() => fileInputRef.current?.click()}
          isOriginalShown={keys.isOriginalShown}
          onHoldOriginal={keys.setOriginalShown}
          zoomPercent={Math.round(viewport.view.zoom * 100)}
          onZoomIn={viewport.zoomIn}
          onZoomOut={viewport.zoomOut}
          onFit={viewport.fit}
          isDisabled={!isReady}
        />
        <input
          ref={fileInputRef}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          tabIndex={-1}
          aria-label={t("maskEditor.import")}
          data-testid="mask-editor-import-input"
          className="sr-only"
          onChange={(event) => {
            void importFile(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
      </div>

      <StageArea doc={doc} picture={picture} act={act} brush={brush} keys={keys} viewport={viewport} />

      <MaskEditorFooter
        announcement={announcement}
        message={message}
        isReady={isReady}
        act={act}
        files={files}
      />

      <ConfirmDialog
        open={isConfirmOpen}
        onOpenChange={setConfirmOpen}
        title={t("maskEditor.discard.title")}
        description={t("maskEditor.discard.description")}
        confirmLabel={t("maskEditor.discard.confirm")}
        cancelLabel={t("maskEditor.discard.cancel")}
        onConfirm={() => {
          setConfirmOpen(false);
          onClose();
        }}
        tone="danger"
        testId="mask-editor-discard"
      />
    </RadixDialog.Content>
  );
}
