import type { TChatMessage } from "@gyeol/shared/contracts/ai";
import { localizePath } from "@gyeol/shared/routes";
import { Copy, ImagePlus, WandSparkles } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { cn } from "../../../components/ui/cn.ts";
import { describeCode } from "../../../lib/api-errors.ts";
import { useImageGenerationVisible } from "../../../lib/feature-flags.ts";
import { writePromptHandoff } from "../../../lib/handoff.ts";
import { usePageLocale } from "../../../lib/locale.ts";
import { parseBlocks, renderInline, type TBlock } from "../lib/markdown.tsx";

/** A ```prompt block: the prompt, copy, and the handoff to the tools that take a prompt. */
function PromptCard({ prompt, isFinal }: { prompt: string; isFinal: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = usePageLocale();
  const canGenerate = useImageGenerationVisible();
  const [copied, setCopied] = useState(false);
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
          <button
            type="button"
            onClick={() => {
              void navigator.clipboard?.writeText(prompt).then(() => setCopied(true));
            }}
            className="inline-flex items-center gap-1.5 rounded-full px-3 py-1.5 text-xs font-semibold text-ink-soft hover:bg-ink/5"
          >
            <Copy aria-hidden="true" className="size-3.5" />
            {copied ? t("chat.copied") : t("chat.copy")}
          </button>
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
      const Tag = block.ordered ? "ol" : "ul";
      return (
        <Tag className={cn("my-1 space-y-0.5 pl-5", block.ordered ? "list-decimal" : "list-disc")}>
          {block.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their place
            <li key={i}>{renderInline(item)}</li>
          ))}
        </Tag>
      );
    }
    case "code":
      if (block.lang === "prompt" && block.text.trim())
        return <PromptCard prompt={block.text.trim()} isFinal={isFinal} />;
      return (
        <pre className="my-2 overflow-x-auto rounded-xl bg-ink/5 p-3 font-mono text-[13px] whitespace-pre-wrap">
          {block.text}
        </pre>
      );
    default:
      return <p className="my-1">{renderInline(block.text)}</p>;
  }
}

export interface TViewMessage extends TChatMessage {
  /** A picture chosen here and not yet stored (its object URL). */
  localImageUrl?: string;
  isStreaming?: boolean;
}

export function MessageView({ message }: { message: TViewMessage }) {
  const { t } = useTranslation();
  const isUser = message.role === "user";
  const imageUrl = message.localImageUrl ?? message.image_url;
  const blocks = isUser ? [] : parseBlocks(message.text);
  return (
    <li
      data-testid={isUser ? "chat-message-user" : "chat-message-assistant"}
      data-status={message.isStreaming ? "streaming" : message.status}
      className={cn("flex", isUser ? "justify-end" : "justify-start")}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-3xl px-4 py-3 text-[15px] leading-relaxed shadow-sm sm:max-w-[75%]",
          isUser ? "rounded-br-lg bg-ink text-white" : "rounded-bl-lg border border-line bg-surface text-ink",
        )}
      >
        <span className="sr-only">{isUser ? t("chat.you") : t("chat.assistant")}: </span>
        {imageUrl && (
          <img
            src={imageUrl}
            alt={t("chat.attachedImage")}
            className="mb-2 max-h-64 rounded-2xl object-cover"
            data-testid="chat-message-image"
          />
        )}
        {isUser ? (
          message.text && <p className="whitespace-pre-wrap">{message.text}</p>
        ) : (
          <div data-testid="chat-assistant-text">
            {blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks are re-parsed as the text streams
              <Block key={i} block={block} isFinal={!message.isStreaming} />
            ))}
            {message.isStreaming && !message.text && <p className="text-ink-soft">{t("chat.writing")}</p>}
            {message.status === "stopped" && (
              <p className="mt-1 text-xs font-semibold text-ink-soft">{t("chat.stopped")}</p>
            )}
            {message.status === "failed" && (
              <p className="text-sm text-red-700" data-testid="chat-message-failed">
                {t("chat.failed")} {describeCode(message.errorCode, t)}
              </p>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
