import { CHAT_TEXT_MAX, type TChatMessage } from "@gyeol/shared/contracts/ai";
import { localizePath } from "@gyeol/shared/routes";
import { Copy, ImagePlus, Pencil, Play, RefreshCw, RotateCcw, WandSparkles } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { describeCode } from "../../../lib/api-errors.ts";
import { useImageGenerationVisible } from "../../../lib/feature-flags.ts";
import { writePromptHandoff } from "../../../lib/handoff.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { parseBlocks, renderInline, type TBlock } from "../lib/markdown.tsx";

function CopyButton({ text, label, testId }: { text: string; label: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
      className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-semibold text-ink-soft hover:bg-ink/5"
    >
      <Copy aria-hidden="true" className="size-3.5" />
      {copied ? t("chat.copied") : label}
    </button>
  );
}

/** A ```prompt block: the prompt, copy, and the handoff to the tools that take a prompt. */
function PromptCard({ prompt, isFinal }: { prompt: string; isFinal: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const canGenerate = useImageGenerationVisible();
  const handOff = (target: "image-edit" | "consistency", path: string) => {
    writePromptHandoff({ target, prompt, source: "chat" });
    navigate(localizePath(path, locale));
  };
  return (
    <div data-testid="chat-prompt" className="my-2 rounded-2xl border border-accent-100 bg-accent-50/60 p-3">
      <div className="mb-1.5 text-xs font-bold tracking-wide text-accent-700">{t("chat.promptLabel")}</div>
      <p className="font-mono text-[13px] leading-relaxed whitespace-pre-wrap text-ink">{prompt}</p>
      {isFinal && (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            data-testid="chat-use-image-edit"
            onClick={() => handOff("image-edit", "/image-edit")}
            className="inline-flex items-center gap-1.5 rounded-full bg-accent-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-accent-700"
          >
            <WandSparkles aria-hidden="true" className="size-3.5" />
            {t("chat.useInImageEdit")}
          </button>
          {canGenerate && (
            <button
              type="button"
              data-testid="chat-use-generation"
              onClick={() => handOff("consistency", "/image-generation")}
              className="inline-flex items-center gap-1.5 rounded-full border border-accent-200 bg-surface px-3 py-1.5 text-xs font-semibold text-accent-700 hover:bg-accent-50"
            >
              <ImagePlus aria-hidden="true" className="size-3.5" />
              {t("chat.useInGeneration")}
            </button>
          )}
          <CopyButton text={prompt} label={t("chat.copy")} />
        </div>
      )}
    </div>
  );
}

function Block({ block, isFinal }: { block: TBlock; isFinal: boolean }) {
  switch (block.kind) {
    case "heading":
      return <p className="mt-2 font-bold text-ink">{renderInline(block.text)}</p>;
    case "list": {
      const className = cn("my-1 space-y-0.5 pl-5", block.ordered ? "list-decimal" : "list-disc");
      const items = block.items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their place
        <li key={i}>
          {renderInline(item.text)}
          {item.children.map((child, j) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: nested blocks have no identity beyond their place
            <Block key={j} block={child} isFinal={isFinal} />
          ))}
        </li>
      ));
      return block.ordered ? (
        <ol className={className} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul className={className}>{items}</ul>
      );
    }
    case "code":
      // A prompt is offered to the tools only once its block is whole (not cut off mid-way).
      if (block.lang === "prompt" && block.text.trim())
        return <PromptCard prompt={block.text.trim()} isFinal={isFinal && block.isClosed} />;
      if (!block.text.trim()) return null;
      return (
        <pre className="my-2 overflow-x-auto rounded-xl bg-ink/5 p-3 font-mono text-[13px] whitespace-pre">
          <code>{block.text}</code>
        </pre>
      );
    default:
      return <p className="my-1">{renderInline(block.text)}</p>;
  }
}

export interface TViewMessage extends TChatMessage {
  /** Pictures chosen here and not yet stored (their object URLs). */
  localImageUrls?: string[];
  isStreaming?: boolean;
}

export interface TMessageActions {
  /** Another answer to the person's last message (the last reply only). */
  onRegenerate?: () => void;
  /** The rest of a reply that was cut off or stopped (the last reply only). */
  onContinue?: () => void;
  /** The person's message, changed and sent again. */
  onEdit?: (text: string) => void;
}

function ActionButton({
  onClick,
  icon: Icon,
  label,
  testId,
  tone = "plain",
}: {
  onClick: () => void;
  icon: typeof RefreshCw;
  label: string;
  testId: string;
  tone?: "plain" | "strong";
}) {
  return (
    <button
      type="button"
      data-testid={testId}
      onClick={onClick}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-semibold",
        tone === "strong"
          ? "bg-ink text-white hover:bg-ink/85"
          : "text-ink-soft ring-1 ring-line hover:bg-ink/5",
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {label}
    </button>
  );
}

/** The person's message being changed in place: Enter sends, Shift+Enter adds a line, Esc cancels. */
function EditBox({
  initial,
  onSend,
  onCancel,
}: {
  initial: string;
  onSend: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(initial);
  const canSend = draft.trim().length > 0 && draft.trim() !== initial.trim();
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (canSend) onSend(draft.trim());
    }
  };
  return (
    <div className="w-full max-w-[85%] rounded-3xl border border-accent-200 bg-surface p-3 sm:max-w-[75%]">
      <textarea
        data-testid="chat-edit-input"
        aria-label={t("chat.editLabel")}
        value={draft}
        maxLength={CHAT_TEXT_MAX}
        // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this message
        autoFocus
        rows={Math.min(8, Math.max(2, draft.split("\n").length))}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className="w-full resize-none rounded-2xl border border-line bg-canvas px-3 py-2 text-[15px] text-ink outline-none focus:border-accent-400"
      />
      <p className="mt-1 text-xs text-ink-soft">{t("chat.editHint")}</p>
      <div className="mt-2 flex justify-end gap-2">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-full px-3 py-1.5 text-xs font-semibold text-ink-soft hover:bg-ink/5"
        >
          {t("chat.cancel")}
        </button>
        <button
          type="button"
          data-testid="chat-edit-send"
          disabled={!canSend}
          onClick={() => onSend(draft.trim())}
          className="rounded-full bg-accent-600 px-3 py-1.5 text-xs font-semibold text-white hover:bg-accent-700 disabled:opacity-50"
        >
          {t("chat.editSend")}
        </button>
      </div>
    </div>
  );
}

export function MessageView({ message, actions = {} }: { message: TViewMessage; actions?: TMessageActions }) {
  const { t } = useTranslation();
  const [isEditing, setIsEditing] = useState(false);
  const isUser = message.role === "user";
  const imageUrls =
    message.localImageUrls ?? message.image_urls ?? (message.image_url ? [message.image_url] : []);
  const blocks = isUser ? [] : parseBlocks(message.text);
  const isFinal = !message.isStreaming;
  const isCutOff = message.status === "failed" && message.text.trim().length > 0;
  const hasFooter = !isUser && isFinal && (message.text.trim() || actions.onRegenerate || actions.onContinue);

  if (isUser && isEditing && actions.onEdit) {
    return (
      <li data-testid="chat-message-user" data-status="editing" className="flex justify-end">
        <EditBox
          initial={message.text}
          onCancel={() => setIsEditing(false)}
          onSend={(text) => {
            setIsEditing(false);
            actions.onEdit?.(text);
          }}
        />
      </li>
    );
  }

  return (
    <li
      data-testid={isUser ? "chat-message-user" : "chat-message-assistant"}
      data-status={message.isStreaming ? "streaming" : message.status}
      data-message-id={message.id}
      className={cn("group/message flex flex-col", isUser ? "items-end" : "items-start")}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-3xl px-4 py-3 text-[15px] leading-relaxed shadow-sm sm:max-w-[75%]",
          isUser ? "rounded-br-lg bg-ink text-white" : "rounded-bl-lg border border-line bg-surface text-ink",
        )}
      >
        <span className="sr-only">{isUser ? t("chat.you") : t("chat.assistant")}: </span>
        {imageUrls.length > 0 && (
          <div className={cn("mb-2 grid gap-1.5", imageUrls.length > 1 ? "grid-cols-2" : "grid-cols-1")}>
            {imageUrls.map((url, i) => (
              <img
                key={url}
                src={url}
                alt={
                  imageUrls.length > 1 ? t("chat.attachedImageN", { index: i + 1 }) : t("chat.attachedImage")
                }
                className={cn(
                  "rounded-2xl object-cover",
                  imageUrls.length > 1 ? "aspect-square w-36 max-w-full" : "max-h-64",
                )}
                data-testid="chat-message-image"
              />
            ))}
          </div>
        )}
        {isUser ? (
          message.text && <p className="break-words whitespace-pre-wrap">{message.text}</p>
        ) : (
          <div data-testid="chat-assistant-text" className="break-words">
            {blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks are re-parsed as the text streams
              <Block key={i} block={block} isFinal={isFinal} />
            ))}
            {message.isStreaming && !message.text && <p className="text-ink-soft">{t("chat.writing")}</p>}
            {message.status === "stopped" && isFinal && (
              <p className="mt-1 text-xs font-semibold text-ink-soft">{t("chat.stopped")}</p>
            )}
            {isCutOff && isFinal && (
              <p className="mt-1 text-sm font-semibold text-amber-800" data-testid="chat-message-cut-off">
                {t("chat.cutOff")}
              </p>
            )}
            {message.status === "failed" && !isCutOff && isFinal && (
              <p className="text-sm text-red-700" data-testid="chat-message-failed">
                {t("chat.failed")} {describeCode(message.errorCode, t)}
              </p>
            )}
          </div>
        )}
      </div>
      {isUser && actions.onEdit && (
        <div className="mt-1 flex opacity-100 transition-opacity sm:opacity-0 sm:group-hover/message:opacity-100 sm:focus-within:opacity-100">
          <button
            type="button"
            data-testid="chat-edit-message"
            onClick={() => setIsEditing(true)}
            className="inline-flex items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold text-ink-soft hover:bg-ink/5"
          >
            <Pencil aria-hidden="true" className="size-3.5" />
            {t("chat.editMessage")}
          </button>
        </div>
      )}
      {hasFooter && (
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {actions.onContinue && (
            <ActionButton
              testId="chat-continue"
              onClick={actions.onContinue}
              icon={Play}
              label={t("chat.continue")}
              tone="strong"
            />
          )}
          {actions.onRegenerate && (
            <ActionButton
              testId="chat-regenerate"
              onClick={actions.onRegenerate}
              icon={message.status === "failed" ? RotateCcw : RefreshCw}
              label={message.status === "failed" ? t("chat.retry") : t("chat.regenerate")}
            />
          )}
          {message.text.trim() && (
            <CopyButton text={message.text} label={t("chat.copyAnswer")} testId="chat-copy-answer" />
          )}
        </div>
      )}
    </li>
  );
}
