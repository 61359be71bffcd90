import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { GENERATION_REWRITE_CREDITS } from "@gyeol/shared/generation";
import { useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { rewritePrompt } from "../../../lib/ai/prompt-helpers.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { describeError } from "../../../lib/api-errors.ts";
import { useAuthActions } from "../../../lib/auth/auth-provider.tsx";

/**
 * The "edit" tab (spec 02 §2.3): an instruction rewrites the prompt for GENERATION_REWRITE_CREDITS,
 * in one thread; the prompt before the last rewrite can be restored (after asking).
 */
export function usePromptRewrite(input: {
  user: TPublicUser;
  prompt: string;
  setPrompt: (prompt: string) => void;
  isHelpersOff: boolean;
}) {
  const { t } = useTranslation();
  const { forceSync } = useAuthActions();
  const [tab, setTab] = useState<"input" | "edit">("input");
  const [instruction, setInstruction] = useState("");
  const [previousPrompt, setPreviousPrompt] = useState<string | null>(null);
  const [threadId, setThreadId] = useState<string | null>(null);
  const [isApplying, setIsApplying] = useState(false);
  const [isRestoreOpen, setIsRestoreOpen] = useState(false);
  const { user, prompt } = input;

  const apply = async () => {
    if (input.isHelpersOff) return;
    if (!instruction.trim()) {
      toast.error(t("generation.input.applyNeedsText"));
      return;
    }
    if (!user.isDemoUser && user.credits < GENERATION_REWRITE_CREDITS) {
      toast.error(t("generation.input.applyNeedsCredits", { cost: GENERATION_REWRITE_CREDITS }));
      return;
    }
    setIsApplying(true);
    try {
      const answer = await rewritePrompt({ userPrompt: instruction.trim(), currentPrompt: prompt, threadId });
      const next = answer.rewrittenPrompt?.trim() ?? "";
      if (!next) {
        toast.error(t("generation.input.emptyAiPrompt"));
        return;
      }
      setPreviousPrompt(prompt);
      input.setPrompt(next);
      setThreadId(answer.threadId ?? threadId);
      setInstruction("");
      toast.success(t("generation.input.rewritten"));
    } catch (error) {
      if (isApiError(error) && error.code === "INSUFFICIENT_CREDITS")
        toast.error(t("generation.input.applyCancelled"));
      else toast.error(describeError(error, t, t("generation.result.failed")));
    } finally {
      setIsApplying(false);
      void forceSync();
    }
  };

  return {
    tab,
    setTab,
    instruction,
    setInstruction,
    isApplying,
    canRestore: previousPrompt !== null,
    apply: () => void apply(),
    isRestoreOpen,
    setIsRestoreOpen,
    restore: () => {
      if (previousPrompt !== null) input.setPrompt(previousPrompt);
      setPreviousPrompt(null);
      setIsRestoreOpen(false);
    },
  };
}
