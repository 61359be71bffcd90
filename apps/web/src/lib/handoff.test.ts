import { afterEach, describe, expect, it } from "vitest";
import { STORAGE_KEY_HANDOFF, takeHandoff, takePromptHandoff, writePromptHandoff } from "./handoff.ts";

afterEach(() => localStorage.clear());

describe("prompt handoff (issue 14)", () => {
  it("hands a prompt to its page once, and survives the image pages' reads", () => {
    writePromptHandoff({ target: "image-edit", prompt: "portrait, soft light", source: "chat" });
    // The retouch page reads image handoffs on load: a prompt for image edit stays.
    expect(takeHandoff("upscale")).toBeNull();
    expect(takePromptHandoff("consistency")).toBeNull();
    expect(localStorage.getItem(STORAGE_KEY_HANDOFF)).not.toBeNull();
    expect(takePromptHandoff("image-edit")).toMatchObject({ prompt: "portrait, soft light", source: "chat" });
    expect(localStorage.getItem(STORAGE_KEY_HANDOFF)).toBeNull();
    expect(takePromptHandoff("image-edit")).toBeNull();
  });
});
