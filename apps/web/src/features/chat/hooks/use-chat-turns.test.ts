import type { TChatMessage } from "@gyeol/shared/contracts/ai";
import { describe, expect, it } from "vitest";
import { type TTurn, threadInView, withTurn } from "./use-chat-turns.ts";

const message = (id: number, role: TChatMessage["role"], text: string): TChatMessage => ({
  id,
  role,
  text,
  image_url: null,
  image_urls: [],
  status: "done",
  errorCode: null,
  createdAt: "2026-01-01T00:00:00.000Z",
});

const stored = [
  message(1, "user", "a"),
  message(2, "assistant", "A"),
  message(3, "user", "b"),
  message(4, "assistant", "B"),
];
const reply = { ...message(-9, "assistant", "new"), isStreaming: true };

describe("a turn laid over the stored messages (issue 27)", () => {
  it("shows the person's message once: as a draft until the server has it, then as stored", () => {
    const draft = message(-8, "user", "c");
    const before: TTurn = { action: "send", threadId: "t", user: draft, reply };
    expect(withTurn(stored, before).map((m) => m.id)).toEqual([1, 2, 3, 4, -8, -9]);
    const after: TTurn = { ...before, user: null };
    expect(withTurn([...stored, message(5, "user", "c")], after).map((m) => m.id)).toEqual([
      1, 2, 3, 4, 5, -9,
    ]);
  });

  it("regenerate replaces the last reply, continue grows it in place, edit cuts what came after", () => {
    expect(
      withTurn(stored, { action: "regenerate", threadId: "t", targetId: 4, user: null, reply }).map(
        (m) => m.id,
      ),
    ).toEqual([1, 2, 3, -9]);
    const growing = { ...message(4, "assistant", "B and more"), isStreaming: true };
    expect(
      withTurn(stored, { action: "continue", threadId: "t", targetId: 4, user: null, reply: growing }),
    ).toEqual([...stored.slice(0, 3), growing]);
    const edited = withTurn(stored, {
      action: "edit",
      threadId: "t",
      targetId: 1,
      editedText: "a2",
      user: null,
      reply,
    });
    expect(edited.map((m) => [m.id, m.text])).toEqual([
      [1, "a2"],
      [-9, "new"],
    ]);
  });

  it("keeps a new thread's turn in view between the stream's start and the address naming it", () => {
    const turn: TTurn = { action: "send", origin: null, threadId: "new", user: null, reply };
    expect(threadInView(null, turn)).toEqual({ threadId: "new", turn });
    expect(threadInView("new", turn)).toEqual({ threadId: "new", turn });
    expect(threadInView("other", turn)).toEqual({ threadId: "other", turn: null });
    expect(threadInView("other", null)).toEqual({ threadId: "other", turn: null });
  });
});
