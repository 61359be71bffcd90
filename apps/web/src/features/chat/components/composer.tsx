/**
 * The chat's input (spec 02 §2.6, §4.6, §5; issue 27): text, up to CHAT_MAX_IMAGES pictures
 * (upload button, drop, paste), send, and stop while a reply streams. Enter sends, Shift+Enter
 * adds a line; the pictures show as removable thumbnails.
 */
import { CHAT_MAX_IMAGES, CHAT_TEXT_MAX } from "@gyeol/shared/contracts/ai";
import { acceptAttribute, IMAGE_POLICIES } from "@gyeol/shared/uploads";
import { ImagePlus, Send, Square, X } from "lucide-react";
import { type ClipboardEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface TComposerProps {
  text: string;
  images: readonly File[];
  canCompose: boolean;
  isBusy: boolean;
  onText(text: string): void;
  onAddImages(files: readonly File[]): void;
  onRemoveImage(index: number): void;
  onSend(): void;
  onStop(): void;
}

function Thumbnail({ file, index, onRemove }: { file: File; index: number; onRemove: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return (
    <li className="relative" data-testid="chat-attachment">
      {url && (
        <img
          src={url}
          alt={t("chat.attachedImageN", { index: index + 1 })}
          className="size-14 rounded-xl border border-line object-cover"
        />
      )}
      <button
        type="button"
        aria-label={`${t("chat.removeImage")} ${index + 1}`}
        onClick={onRemove}
        className="absolute -top-1.5 -right-1.5 grid size-5 place-items-center rounded-full bg-ink text-white shadow"
      >
        <X aria-hidden="true" className="size-3" />
      </button>
    </li>
  );
}

export function Composer(props: TComposerProps) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      props.onSend();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const files = [...event.clipboardData.files].filter((file) => file.type.startsWith("image/"));
    if (files.length === 0) return;
    event.preventDefault();
    props.onAddImages(files);
  }

  return (
    <form
      data-testid="chat-composer"
      className="border-t border-line p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSend();
      }}
    >
      {props.images.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-2" aria-label={t("chat.attachedImage")}>
          {props.images.map((file, index) => (
            <Thumbnail
              // biome-ignore lint/suspicious/noArrayIndexKey: the same file may be attached twice
              key={`${file.name}-${file.size}-${index}`}
              file={file}
              index={index}
              onRemove={() => props.onRemoveImage(index)}
            />
          ))}
        </ul>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileRef}
          type="file"
          accept={acceptAttribute(IMAGE_POLICIES.chat)}
          multiple
          className="hidden"
          data-testid="chat-file-input"
          onChange={(event) => {
            props.onAddImages([...(event.target.files ?? [])]);
            event.target.value = "";
          }}
        />
        <button
          type="button"
          aria-label={t("chat.upload")}
          title={`${t("chat.upload")} (${props.images.length}/${CHAT_MAX_IMAGES})`}
          disabled={!props.canCompose || props.images.length >= CHAT_MAX_IMAGES}
          onClick={() => fileRef.current?.click()}
          className="grid size-11 shrink-0 place-items-center rounded-full border border-line text-ink-soft hover:bg-ink/5 disabled:opacity-50"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </button>
        <textarea
          data-testid="chat-input"
          aria-label={t("chat.inputLabel")}
          value={props.text}
          maxLength={CHAT_TEXT_MAX}
          disabled={!props.canCompose}
          rows={1}
          aria-describedby="chat-key-hint"
          placeholder={props.canCompose ? t("chat.placeholder") : t("chat.notConfiguredTitle")}
          onChange={(event) => props.onText(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          className="max-h-40 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-line bg-canvas px-4 py-2.5 text-[15px] text-ink outline-none focus:border-accent-400 disabled:opacity-60"
        />
        {props.isBusy ? (
          <button
            type="button"
            data-testid="chat-stop"
            onClick={props.onStop}
            className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-ink px-4 text-sm font-semibold text-white"
          >
            <Square aria-hidden="true" className="size-4" />
            {t("chat.stop")}
          </button>
        ) : (
          <button
            type="submit"
            data-testid="chat-send"
            disabled={!props.canCompose}
            className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-accent-600 px-4 text-sm font-semibold text-white hover:bg-accent-700 disabled:opacity-50"
          >
            <Send aria-hidden="true" className="size-4" />
            {t("chat.send")}
          </button>
        )}
      </div>
      <p id="chat-key-hint" className="mt-1.5 hidden px-14 text-[11px] text-ink-soft sm:block">
        {t("chat.keyHint", { max: CHAT_MAX_IMAGES })}
      </p>
    </form>
  );
}
