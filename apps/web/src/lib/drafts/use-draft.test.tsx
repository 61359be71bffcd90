import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useMemo, useState } from "react";
import { describe, expect, it } from "vitest";
import { loadDraft, saveDraft } from "./drafts.ts";
import { useDraft } from "./use-draft.ts";

function PromptTool({ userId, onDiscard }: { userId: number; onDiscard?: (discard: () => void) => void }) {
  const [prompt, setPrompt] = useState("");
  const snapshot = useMemo(() => (prompt ? { prompt } : null), [prompt]);
  const { isRestored, discard } = useDraft({
    userId,
    tool: "chat",
    snapshot,
    onRestore: (draft) => setPrompt(draft.prompt),
    delayMs: 10,
  });
  onDiscard?.(discard);
  return (
    <div>
      <textarea aria-label="prompt" value={prompt} onChange={(event) => setPrompt(event.target.value)} />
      <span data-testid="restored">{String(isRestored)}</span>
    </div>
  );
}

describe("useDraft (issue 26)", () => {
  it("gives the typed text back to a page opened again (the sign-in guard swapped it out)", async () => {
    const first = render(<PromptTool userId={1} />);
    await waitFor(() => expect(screen.getByTestId("restored").textContent).toBe("true"));
    fireEvent.change(screen.getByLabelText("prompt"), { target: { value: "a red coat" } });
    // Unmounted before the pause ends: the draft is saved on the way out.
    first.unmount();
    await waitFor(async () => expect(await loadDraft(1, "chat")).toEqual({ prompt: "a red coat" }));
    render(<PromptTool userId={1} />);
    await waitFor(() =>
      expect((screen.getByLabelText("prompt") as HTMLTextAreaElement).value).toBe("a red coat"),
    );
  });

  it("does not overwrite the stored draft with the empty page before reading it", async () => {
    await saveDraft(2, "chat", { prompt: "kept" });
    const view = render(<PromptTool userId={2} />);
    view.unmount();
    expect(await loadDraft(2, "chat")).toEqual({ prompt: "kept" });
  });

  it("is another user's nothing", async () => {
    await saveDraft(3, "chat", { prompt: "mine" });
    render(<PromptTool userId={4} />);
    await waitFor(() => expect(screen.getByTestId("restored").textContent).toBe("true"));
    expect((screen.getByLabelText("prompt") as HTMLTextAreaElement).value).toBe("");
  });

  it("ends the draft when the run is accepted, and starts a new one on the next change", async () => {
    let discard = () => {};
    const view = render(<PromptTool userId={5} onDiscard={(fn) => (discard = fn)} />);
    await waitFor(() => expect(screen.getByTestId("restored").textContent).toBe("true"));
    fireEvent.change(screen.getByLabelText("prompt"), { target: { value: "sent" } });
    await waitFor(async () => expect(await loadDraft(5, "chat")).toEqual({ prompt: "sent" }));
    act(() => discard());
    await waitFor(async () => expect(await loadDraft(5, "chat")).toBeNull());
    view.unmount();
    // The text still on screen at unmount is the run's, not a new draft.
    expect(await loadDraft(5, "chat")).toBeNull();
    render(<PromptTool userId={5} onDiscard={(fn) => (discard = fn)} />);
    await waitFor(() => expect(screen.getByTestId("restored").textContent).toBe("true"));
    fireEvent.change(screen.getByLabelText("prompt"), { target: { value: "next one" } });
    await waitFor(async () => expect(await loadDraft(5, "chat")).toEqual({ prompt: "next one" }));
  });

  it("removes the draft when everything is cleared", async () => {
    render(<PromptTool userId={6} />);
    await waitFor(() => expect(screen.getByTestId("restored").textContent).toBe("true"));
    fireEvent.change(screen.getByLabelText("prompt"), { target: { value: "x" } });
    await waitFor(async () => expect(await loadDraft(6, "chat")).toEqual({ prompt: "x" }));
    fireEvent.change(screen.getByLabelText("prompt"), { target: { value: "" } });
    await waitFor(async () => expect(await loadDraft(6, "chat")).toBeNull());
  });
});
