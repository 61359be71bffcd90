import { fireEvent, screen, waitFor } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { ChatPage } from "./chat-page.tsx";

const routes = [{ path: "/en/chat", element: <ChatPage /> }];

const fetchImpl = (async (input: RequestInfo | URL) => {
  const url = String(input);
  if (url === "/api/feature/flags")
    return jsonResponse(200, { imageGenerationEnabled: true, llmEnabled: true, llmTestProvider: false });
  if (url.startsWith("/api/ai/threads"))
    return jsonResponse(200, { success: true, threads: [], nextCursor: null });
  if (url === "/api/ai/chat/charge-enabled")
    return jsonResponse(200, { success: true, enabled: false, cost: 0 });
  return jsonResponse(404, { success: false, code: "NOT_FOUND", error: "not here" });
}) as typeof fetch;

describe("the chat page's unsent message (issue 26)", () => {
  it("is kept as the user's draft and back when the page opens again", async () => {
    const user = makeUser({ id: 77 });
    const first = renderRoutes(routes, { path: "/en/chat", user, fetchImpl });
    const input = (await screen.findByTestId("chat-input")) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: "a prompt for a rainy street" } });
    first.unmount();
    renderRoutes(routes, { path: "/en/chat", user, fetchImpl });
    await waitFor(() =>
      expect((screen.getByTestId("chat-input") as HTMLTextAreaElement).value).toBe(
        "a prompt for a rainy street",
      ),
    );
  });
});

describe("the chat page's pictures (issue 26: the upload layer's policy and sentences)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("refuses a type the chat's image policy does not take, naming the types and the file's", async () => {
    const shown = vi.spyOn(toast, "error");
    window.URL.createObjectURL = vi.fn(() => "blob:picked");
    window.URL.revokeObjectURL = vi.fn();
    renderRoutes(routes, { path: "/en/chat", user: makeUser({ id: 78 }), fetchImpl });
    const input = (await screen.findByTestId("chat-file-input")) as HTMLInputElement;
    expect(input.accept).toBe("image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif");
    const heic = new File([new Uint8Array(10)], "IMG_1.HEIC", { type: "image/heic" });
    fireEvent.change(input, { target: { files: [heic] } });
    await waitFor(() =>
      expect(shown).toHaveBeenCalledWith(
        "Upload failed — Only JPG, PNG, WEBP, GIF files can be uploaded; this file is HEIC.",
      ),
    );
    expect(screen.queryByTestId("chat-attachment")).toBeNull();
    const png = new File([new Uint8Array(10)], "shot.png", { type: "image/png" });
    fireEvent.change(input, { target: { files: [png] } });
    expect(await screen.findByTestId("chat-attachment")).toBeTruthy();
  });
});
