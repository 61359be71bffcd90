import type { TChatMessage } from "@gyeol/shared/contracts/ai";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { describeError } from "../../../lib/api-errors.ts";
import type { TMessageActions } from "../components/message-view.tsx";
import type { useChatAttachments } from "./use-chat-attachments.ts";
import type { TTurnRequest, useChatTurns } from "./use-chat-turns.ts";

/**
 * Sending and the message actions (spec 02 §4.6; issues 14, 27): a message goes when there is
 * something to send, someone signed in and no reply streaming; a turn nothing was stored for gives
 * the words and pictures back; the person's messages can be edited and sent again, the last reply
 * regenerated, and continued when it was cut off with some text.
 */
export function useChatSend(input: {
  text: string;
  setText: (update: (now: string) => string) => void;
  attachments: ReturnType<typeof useChatAttachments>;
  turns: ReturnType<typeof useChatTurns>;
  isAuthLoading: boolean;
  isSignedIn: boolean;
  isConnected: boolean;
  threadId: string | null;
  viewThreadId: string | null;
  lastIndex: number;
}) {
  const { t } = useTranslation();
  const { attachments, turns } = input;

  function requireReady(): boolean {
    // Still finding out who is signed in: the words stay in the box until we know.
    if (input.isAuthLoading) return false;
    if (!input.isSignedIn) {
      toast.error(t("chat.loginRequired"));
      return false;
    }
    if (turns.isBusy) {
      toast(t("chat.busy"), { id: "chat-busy" });
      return false;
    }
    return true;
  }

  async function runTurn(request: TTurnRequest, restore?: { text: string; images: File[] }) {
    const outcome = await turns.run(request);
    if (outcome.kind !== "failed") return;
    // A reply the server kept (failed, or cut off with its text) says so where it stands.
    if (outcome.isShown) return;
    toast.error(`${t("chat.sendFailed")} ${describeError(outcome.error, t, "")}`.trim());
    // Nothing was stored: the person gets their words and pictures back.
    if (!outcome.stored && restore) {
      input.setText((now) => now || restore.text);
      attachments.restore(restore.images);
    }
  }

  function send() {
    const message = input.text.trim();
    if (!message && attachments.images.length === 0) {
      toast.error(t("chat.emptyInput"));
      return;
    }
    if (!requireReady()) return;
    const sent = { text: message, images: attachments.images };
    input.setText(() => "");
    attachments.clear();
    void runTurn({ action: "send", threadId: input.threadId, text: message, images: sent.images }, sent);
  }

  const isOn = input.isConnected && !turns.isBusy && Boolean(input.viewThreadId);
  const run = (request: Omit<TTurnRequest, "threadId">) => {
    if (requireReady()) void runTurn({ ...request, threadId: input.viewThreadId });
  };

  /** Nothing while a reply streams, before the thread exists, or for a message not stored yet. */
  function actionsFor(message: TChatMessage, index: number): TMessageActions {
    if (!isOn || message.id < 0) return {};
    if (message.role === "user")
      return { onEdit: (edited) => run({ action: "edit", text: edited, target: message }) };
    if (index !== input.lastIndex) return {};
    const canContinue = message.status !== "done" && message.text.trim().length > 0;
    return {
      onRegenerate: () => run({ action: "regenerate", target: message }),
      ...(canContinue ? { onContinue: () => run({ action: "continue", target: message }) } : {}),
    };
  }

  return { send, actionsFor };
}
