import { createElement, type RefObject } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { InsufficientCreditsToast } from "../../../components/tool/insufficient-credits-toast.tsx";
import { autoPrompt } from "../../../lib/ai/prompt-helpers.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";
import { classifyToolError, describeToolError } from "../../../lib/tool-errors.ts";
import type { TEditErrorState } from "../components/result-panel.tsx";
import { AutoPromptBusyError, autoPromptWithRetries } from "../lib/image-edit-rules.ts";

/** Auto-prompt refusals another try cannot change. */
const FINAL_AUTO_PROMPT_CODES = new Set([
  "INSUFFICIENT_CREDITS",
  "NSFW_PROMPT_BLOCKED",
  "LLM_NOT_CONFIGURED",
  "AUTH_REQUIRED",
  "SESSION_EXPIRED",
  "MAINTENANCE",
]);

export const creditsToast = () =>
  toast.error(createElement(InsufficientCreditsToast), { id: "image-edit-credits" });

/**
 * The prompt a run sends (spec 02 §2.2): the user's, or, with auto-prompt chosen, the language
 * model's from the first four images (up to three tries; the written prompt replaces the user's).
 * Null when auto-prompt failed: the reason is said and nothing runs.
 */
export function useAutoPrompt(
  inputRef: RefObject<{
    prompt: string;
    isAutoPrompt: boolean;
    setPrompt: (prompt: string) => void;
    setError: (error: TEditErrorState) => void;
  }>,
) {
  const { t } = useTranslation();
  const { forceSync } = useAuthActions();
  return async (images: readonly string[]): Promise<string | null> => {
    const { prompt, isAutoPrompt, setPrompt, setError } = inputRef.current;
    const text = prompt.trim();
    if (!isAutoPrompt) return text;
    try {
      const written = await autoPromptWithRetries(
        async () => (await autoPrompt(images.slice(0, 4), text)).prompt,
        {
          isFinal: (failure) => isApiError(failure) && FINAL_AUTO_PROMPT_CODES.has(failure.code),
        },
      );
      setPrompt(written);
      return written;
    } catch (failure) {
      void forceSync();
      if (failure instanceof AutoPromptBusyError)
        setError({ title: "run", message: t("imageEdit.prompt.autoPromptBusy") });
      else if (classifyToolError(failure) === "insufficientCredits") creditsToast();
      else
        setError({
          title: "run",
          message: describeToolError(failure, t) ?? t("imageEdit.errors.AUTOPROMPT_FAILED"),
        });
      return null;
    }
  };
}
