import { describe, expect, it } from "vitest";
import {
  cleanHelperPrompt,
  HELPER_PROMPT_MAX,
  helperPromptProblem,
  promptFromReply,
} from "./helper-prompt.ts";

describe("what a prompt helper may return (issue 27)", () => {
  it("takes the prompt out of JSON, a prompt block, any block, or the bare reply", () => {
    expect(promptFromReply('{"prompt":"a cat on a sofa"}')).toBe("a cat on a sofa");
    expect(promptFromReply('```json\n{"prompt":"a cat"}\n```')).toBe("a cat");
    expect(promptFromReply("Sure!\n```prompt\na cat, soft light\n```\nAnything else?")).toBe(
      "a cat, soft light",
    );
    expect(promptFromReply("```\na dog\n```")).toBe("a dog");
    expect(promptFromReply("  a bare prompt  ")).toBe("a bare prompt");
  });

  it("cleans labels, quotes and line breaks", () => {
    expect(cleanHelperPrompt('Prompt: "portrait, soft light"')).toBe("portrait, soft light");
    expect(cleanHelperPrompt("**Prompt:** `a cat`")).toBe("a cat");
    expect(cleanHelperPrompt("portrait of a woman,\nwindow light,\n85mm")).toBe(
      "portrait of a woman, window light, 85mm",
    );
  });

  it("accepts a prompt", () => {
    expect(
      helperPromptProblem("portrait photo, soft window light, 85mm lens, natural skin texture"),
    ).toBeNull();
    expect(helperPromptProblem("a woman holding a sign that reads '결', film grain")).toBeNull();
  });

  it("refuses a conversation, a list, a question, another language, and what is too long", () => {
    expect(
      helperPromptProblem("You said: make it warmer. A prompt you could use: portrait, warm light"),
    ).toBe("not_a_prompt");
    expect(helperPromptProblem("Sure! portrait, warm light")).toBe("not_a_prompt");
    expect(helperPromptProblem("Here is the rewritten prompt: portrait, warm light")).toBe("not_a_prompt");
    expect(helperPromptProblem("I can't help with that request.")).toBe("not_a_prompt");
    expect(helperPromptProblem("- portrait\n- warm light")).toBe("not_a_prompt");
    expect(helperPromptProblem("portrait, warm light\n\nTell me what to change.")).toBe("not_a_prompt");
    expect(helperPromptProblem("Which style would you like?")).toBe("not_a_prompt");
    expect(helperPromptProblem("네, 따뜻한 빛으로 바꾼 프롬프트입니다")).toBe("not_a_prompt");
    expect(helperPromptProblem("따뜻한 빛의 창가 인물 사진, 부드러운 분위기")).toBe("wrong_language");
    expect(helperPromptProblem("a".repeat(HELPER_PROMPT_MAX + 1))).toBe("too_long");
    expect(helperPromptProblem("   ")).toBe("empty");
    expect(helperPromptProblem("broken \ufffd text")).toBe("control_chars");
  });
});
