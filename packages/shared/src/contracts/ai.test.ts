import { describe, expect, it } from "vitest";
import { CHAT_TITLE_MAX, plainTitle, ZChatFields } from "./ai.ts";

describe("chat contracts (issue 27)", () => {
  it("makes plain-text titles from markdown", () => {
    expect(plainTitle("**Bold** and *italic* `code`")).toBe("Bold and italic code");
    expect(plainTitle("# A heading")).toBe("A heading");
    expect(plainTitle("- a list item")).toBe("a list item");
    expect(plainTitle("see [the docs](https://x.y) now")).toBe("see the docs now");
    expect(plainTitle("snake_case_name stays")).toBe("snake_case_name stays");
    expect(plainTitle("__init__ file")).toBe("init file");
    expect(plainTitle("  창가에 앉은\n  여성  ")).toBe("창가에 앉은 여성");
    const long = plainTitle("가".repeat(100));
    expect([...long]).toHaveLength(CHAT_TITLE_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("reads the chat actions", () => {
    expect(ZChatFields.parse({ text: "hi" }).action).toBe("send");
    expect(ZChatFields.parse({ action: "regenerate", messageId: "12" })).toMatchObject({
      action: "regenerate",
      messageId: 12,
    });
    expect(ZChatFields.safeParse({ action: "delete" }).success).toBe(false);
  });
});
