/**
 * What a prompt helper (rewrite, extract-prompt-from-image, auto-prompt) may hand back (issue 27
 * "helpers return prompts, not conversations"): one prompt, the way a person would type it into
 * the tool, never the model's conversation around it ("You said: … A prompt you could use: …").
 * The server asks the model for structured output and still checks what comes back here, with
 * the checks a typed prompt gets (length, control characters; banned keywords are the server's
 * list) plus those that tell a prompt from a chat reply. The language is the one the helpers ask
 * for: image prompts are written in English (modules/ai/prompts.ts), so a reply written mostly
 * in another script is a conversation in the person's language, not a prompt.
 */

import { hasForbiddenChars } from "./contracts/text.ts";
import { GENERATION_PROMPT_MAX } from "./generation.ts";

/** The longest prompt a helper may return: the tighter of the tools' limits (Kling's 2500). */
export const HELPER_PROMPT_MAX = GENERATION_PROMPT_MAX;

export type THelperPromptProblem = "empty" | "too_long" | "control_chars" | "not_a_prompt" | "wrong_language";

/** Sentences that open a chat reply rather than a prompt (English and Korean). */
const CHATTY_OPENINGS = [
  /^(?:sure|certainly|of course|absolutely|okay|ok|great|got it|alright|yes|no problem)\b/i,
  /^(?:here(?:'s| is| are)|below is|this is (?:a|the|your) (?:new |rewritten |updated )?prompt)\b/i,
  /^(?:i(?:'m|'ve|'d| am| have| would| will| can| cannot|'ll) |i can't|let me|as an ai|you said|you asked|sorry)\b/i,
  /^(?:네|넵|물론|알겠|좋아요|좋습니다|다음은|아래는|요청하신|죄송|말씀하신|이렇게|프롬프트는)/,
];

/** Phrases that only a conversation holds, wherever they stand. */
const CHATTY_PHRASES = [
  /\byou said\b/i,
  /\ba prompt you (?:could|can|might) use\b/i,
  /\bhere(?:'s| is) (?:a|the|your) (?:new |rewritten |updated |revised )?prompt\b/i,
  /\b(?:i hope this helps|let me know|feel free to)\b/i,
  /\bi (?:can(?:'t|not)|am unable to|won't) (?:help|create|write|do)\b/i,
  /(?:프롬프트를? (?:드릴게요|드립니다|만들어 드렸|작성해 드렸)|도움이 되(?:길|었으면))/,
];

/**
 * The prompt inside a reply that was not structured: a JSON object's `prompt`, the first
 * ```prompt block (else the first fenced block), else the reply itself.
 */
export function promptFromReply(text: string): string {
  const trimmed = text.trim();
  const json = /^\s*(?:```(?:json)?\s*)?(\{[\s\S]*\})\s*(?:```)?\s*$/i.exec(trimmed)?.[1];
  if (json) {
    try {
      const parsed = JSON.parse(json) as { prompt?: unknown };
      if (typeof parsed.prompt === "string") return parsed.prompt;
    } catch {
      // not JSON after all: read on
    }
  }
  const tagged = /```[ \t]*prompt[ \t]*\r?\n([\s\S]*?)```/i.exec(trimmed);
  const fenced = tagged ?? /```[^\n`]*\r?\n([\s\S]*?)```/.exec(trimmed);
  const body = fenced?.[1]?.trim();
  return body || trimmed;
}

/**
 * The prompt as a person would type it: without wrapping quotes or backticks, without a leading
 * "Prompt:" label, spaces collapsed, lines of one paragraph joined.
 */
export function cleanHelperPrompt(raw: string): string {
  let text = raw.trim();
  text = text.replace(
    /^(?:\*\*)?(?:prompt|new prompt|rewritten prompt|프롬프트)(?:\*\*)?\s*[:：]\s*(?:\*\*)?\s*/i,
    "",
  );
  for (;;) {
    const unwrapped = /^(["'“‘`「『])([\s\S]*)(["'”’`」』])$/.exec(text);
    if (!unwrapped) break;
    text = unwrapped[2]!.trim();
  }
  // One paragraph: single line breaks become spaces (a blank line is left for the check below).
  return text
    .split(/\n\s*\n/)
    .map((paragraph) =>
      paragraph
        .replace(/\s*\n\s*/g, " ")
        .replace(/[ \t]+/g, " ")
        .trim(),
    )
    .join("\n\n");
}

function letterCounts(text: string) {
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return { latin, letters };
}

/** Why a helper's answer is not a prompt we can use, or null when it is one. */
export function helperPromptProblem(prompt: string, max = HELPER_PROMPT_MAX): THelperPromptProblem | null {
  const text = prompt.trim();
  if (!text) return "empty";
  if (text.length > max) return "too_long";
  if (hasForbiddenChars(text, { isMultiLine: true }) || text.includes("\ufffd")) return "control_chars";
  if (/\n\s*\n/.test(text)) return "not_a_prompt";
  if (/```|^#{1,6}\s|^\s*(?:[-*•]|\d+[.)])\s/m.test(text)) return "not_a_prompt";
  if (CHATTY_OPENINGS.some((re) => re.test(text))) return "not_a_prompt";
  if (CHATTY_PHRASES.some((re) => re.test(text))) return "not_a_prompt";
  if (/[?？]\s*$/.test(text)) return "not_a_prompt";
  const { latin, letters } = letterCounts(text);
  if (letters > 0 && latin / letters < 0.6) return "wrong_language";
  return null;
}
