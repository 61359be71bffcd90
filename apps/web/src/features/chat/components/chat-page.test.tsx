import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
