import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { STORAGE_KEY_HANDOFF } from "../../../lib/handoff.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { GenerationPage } from "./generation-page.tsx";

vi.mock("react-hot-toast", async (importOriginal) => {
  const actual = await importOriginal<typeof import("react-hot-toast")>();
  const toast = Object.assign(vi.fn(), actual.default, {
    error: vi.fn(),
    success: vi.fn(),
    custom: vi.fn(),
  });
  return { ...actual, default: toast };
});

const routes = [
  {
    path: "/en/image-generation",
    element: (
      <RequireUser>
        <GenerationPage />
      </RequireUser>
    ),
  },
  { path: "/en/upscale", element: <p>upscale page</p> },
  { path: "/en/login", element: <p>login page</p> },
];

type TRoute = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;
const RESULTS = ["/files/r0.jpg", "/files/r1.jpg", "/files/r2.jpg", "/files/r3.jpg"];

function server(extra: TRoute = () => undefined, flags: Record<string, unknown> = {}) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, method: init?.method ?? "GET", body: init?.body });
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === "/api/feature/flags")
      return jsonResponse(200, {
        imageGenerationEnabled: true,
        paymentProvider: "sandbox",
        llmEnabled: true,
        llmTestProvider: false,
        generationEnabled: true,
        generationTestProvider: false,
        ...flags,
      });
    if (url.startsWith("/api/image/history/"))
      return jsonResponse(200, {
        success: true,
        images: [],
        pagination: { hasMore: false, nextOffset: null, groupHasMore: false, nextGroupOffset: null },
        grouped: true,
      });
    if (url === "/api/kling/samples") return jsonResponse(200, { success: true, samples: [] });
    if (url === "/api/auth/banned-keywords") return jsonResponse(200, { success: true, keywords: ["nude"] });
    if (url === "/api/affiliate/enabled") return jsonResponse(200, { enabled: false });
    if (url === "/api/ai/extract-prompt-from-image")
      return jsonResponse(200, { success: true, prompt: "a woman in a red coat" });
    if (url === "/api/credit/use") return jsonResponse(200, { success: true, credits: 1197, useId: "u1" });
    if (url === "/api/ai/rewrite")
      return jsonResponse(200, {
        success: true,
        rewrittenPrompt: "a woman in a red coat at night",
        threadId: "th1",
      });
    if (url === "/api/kling/image-generation")
      return jsonResponse(200, {
        success: true,
        error: null,
        images: [],
        partial: false,
        status: "in-progress",
        taskId: "task-1",
        cost: 60,
      });
    if (url.startsWith("/api/image/status/task-1"))
      return jsonResponse(200, {
        success: true,
        status: "completed",
        imageUrl: RESULTS[0],
        originalImageUrl: null,
        images: RESULTS,
        partial: false,
        queuePosition: null,
        etaSeconds: null,
        error: null,
        code: null,
      });
    return jsonResponse(404, { success: false, error: "Not found", code: "NOT_FOUND" });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

function renderPage(user: TPublicUser | null = makeUser(), extra?: TRoute, flags?: Record<string, unknown>) {
  const { fetchImpl, calls } = server(extra, flags);
  const view = renderRoutes(routes, { path: "/en/image-generation", user, fetchImpl });
  return { ...view, calls };
}

const photo = (name = "ref.png") => new File(["png"], name, { type: "image/png" });

describe("/image-generation (issue 16)", () => {
  beforeEach(() => {
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: () => "blob:preview", revokeObjectURL: () => {} }),
    );
  });
  afterEach(() => {
    vi.mocked(toast.error).mockClear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  it("locks the prompt when a reference is set, extracts an empty prompt from it, and unlocks on removal", async () => {
    const { calls } = renderPage();
    const input = await screen.findByTestId("generation-reference-input");
    fireEvent.change(input, { target: { files: [photo()] } });
    expect(await screen.findByTestId("generation-lock-dialog")).toBeTruthy();
    fireEvent.click(screen.getByTestId("generation-lock-ok"));
    const prompt = screen.getByTestId("generation-prompt") as HTMLTextAreaElement;
    await waitFor(() => expect(prompt.value).toBe("a woman in a red coat"));
    expect(prompt.disabled).toBe(true);
    expect(calls.some((call) => call.url === "/api/ai/extract-prompt-from-image")).toBe(true);
    fireEvent.click(within(screen.getByTestId("generation-reference")).getByRole("button"));
    await waitFor(() =>
      expect((screen.getByTestId("generation-prompt") as HTMLTextAreaElement).disabled).toBe(false),
    );
  });

  it("rewrites the prompt on the edit tab (paid ahead) and restores the previous one after asking", async () => {
    const { calls } = renderPage();
    const prompt = (await screen.findByTestId("generation-prompt")) as HTMLTextAreaElement;
    fireEvent.change(prompt, { target: { value: "a woman in a red coat" } });
    fireEvent.click(screen.getByTestId("generation-tab-edit"));
    fireEvent.change(screen.getByTestId("generation-instruction"), { target: { value: "make it night" } });
    fireEvent.click(screen.getByTestId("generation-apply"));
    await waitFor(() =>
      expect(screen.getByTestId("generation-current-prompt").textContent).toContain(
        "a woman in a red coat at night",
      ),
    );
    expect(calls.filter((call) => call.url === "/api/credit/use")).toHaveLength(1);
    fireEvent.click(screen.getByTestId("generation-restore"));
    const confirm = await screen.findByTestId("generation-restore-confirm");
    fireEvent.click(within(confirm).getByRole("button", { name: "Restore" }));
    await waitFor(() =>
      expect(screen.getByTestId("generation-current-prompt").textContent).toMatch(/^a woman in a red coat$/),
    );
  });

  it("without a language model: Apply is off and says why, nothing is paid or extracted (issue 27)", async () => {
    const { calls } = renderPage(makeUser(), undefined, { llmEnabled: false });
    fireEvent.click(await screen.findByTestId("generation-tab-edit"));
    expect((await screen.findByTestId("generation-helpers-off")).textContent).toContain(
      "No credits are taken",
    );
    fireEvent.change(screen.getByTestId("generation-instruction"), { target: { value: "make it night" } });
    const apply = screen.getByTestId("generation-apply") as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    fireEvent.click(apply);
    fireEvent.click(screen.getByTestId("generation-tab-input"));
    fireEvent.change(await screen.findByTestId("generation-reference-input"), {
      target: { files: [photo()] },
    });
    fireEvent.click(await screen.findByTestId("generation-lock-ok"));
    expect(screen.getByTestId("generation-locked-note").textContent).toContain(
      "No AI language model is connected",
    );
    expect(calls.some((call) => ["/api/credit/use", "/api/ai/rewrite"].includes(call.url))).toBe(false);
    expect(calls.some((call) => call.url === "/api/ai/extract-prompt-from-image")).toBe(false);
  });

  it("a rewrite refused after paying names the banned word (issue 27)", async () => {
    const { calls } = renderPage(makeUser(), (url) =>
      url === "/api/ai/rewrite"
        ? jsonResponse(400, {
            success: false,
            code: "NSFW_PROMPT_BLOCKED",
            error: "blocked",
            details: { keyword: "비키니" },
          })
        : undefined,
    );
    fireEvent.click(await screen.findByTestId("generation-tab-edit"));
    fireEvent.change(screen.getByTestId("generation-instruction"), {
      target: { value: "비키니 입은 모델로" },
    });
    fireEvent.click(screen.getByTestId("generation-apply"));
    await waitFor(() =>
      expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
        expect.stringContaining("“비키니” is a word that is not allowed"),
      ),
    );
    // Paid ahead, refused, and the server's refund is the server's (ai-reliability.test.ts).
    expect(calls.filter((call) => call.url === "/api/credit/use")).toHaveLength(1);
  });

  it("keeps the typed prompt and settings as a draft, back when the page opens again (issue 26)", async () => {
    const first = renderPage();
    const prompt = await screen.findByTestId("generation-prompt");
    fireEvent.change(prompt, { target: { value: "a fox in snow" } });
    fireEvent.change(screen.getByTestId("generation-count"), { target: { value: "3" } });
    first.unmount();
    renderPage();
    await waitFor(() =>
      expect((screen.getByTestId("generation-prompt") as HTMLTextAreaElement).value).toBe("a fox in snow"),
    );
    expect((screen.getByTestId("generation-count") as HTMLSelectElement).value).toBe("3");
  });

  it("edits a result again: it becomes the reference of the next run, the prompt kept (issue 26)", async () => {
    renderPage(makeUser(), (url) =>
      url.startsWith("/files/")
        ? new Response(new Blob(["png"], { type: "image/png" }), { status: 200 })
        : undefined,
    );
    const prompt = await screen.findByTestId("generation-prompt");
    fireEvent.change(prompt, { target: { value: "a fox in snow" } });
    fireEvent.change(screen.getByTestId("generation-count"), { target: { value: "4" } });
    fireEvent.click(screen.getByTestId("generation-run"));
    await waitFor(() => expect(screen.getAllByTestId("generation-edit-again")).toHaveLength(4), {
      timeout: 6000,
    });
    expect(screen.queryByTestId("generation-reference")).toBeNull();
    fireEvent.click(screen.getAllByTestId("generation-edit-again")[2]!);
    await screen.findByTestId("generation-lock-dialog");
    expect(screen.getByTestId("generation-reference")).toBeTruthy();
    await waitFor(() =>
      expect(vi.mocked(toast.success)).toHaveBeenCalledWith(
        "The result is now the reference image of your next generation.",
        expect.anything(),
      ),
    );
    const typed = screen.getByTestId("generation-prompt") as HTMLTextAreaElement;
    expect(typed.value).toBe("a fox in snow");
    expect(typed.disabled).toBe(true);
  });

  it("blocks a banned keyword before sending, then generates 4 images and sends one to retouch", async () => {
    const { calls, router } = renderPage();
    const prompt = await screen.findByTestId("generation-prompt");
    fireEvent.change(prompt, { target: { value: "a NUDE statue" } });
    await waitFor(() => expect(calls.some((call) => call.url === "/api/auth/banned-keywords")).toBe(true));
    fireEvent.click(screen.getByTestId("generation-run"));
    await waitFor(() =>
      expect(vi.mocked(toast.error)).toHaveBeenCalledWith(
        expect.stringContaining("not allowed: “nude”"),
        expect.anything(),
      ),
    );
    expect(calls.some((call) => call.url === "/api/kling/image-generation")).toBe(false);

    fireEvent.change(prompt, { target: { value: "a fox in snow" } });
    fireEvent.change(screen.getByTestId("generation-count"), { target: { value: "4" } });
    expect(screen.getByTestId("generation-run").textContent).toContain("60 credits");
    fireEvent.click(screen.getByTestId("generation-run"));
    await waitFor(() => expect(screen.getAllByTestId("generation-result-image")).toHaveLength(4), {
      timeout: 6000,
    });
    const sent = calls.find((call) => call.url === "/api/kling/image-generation")!.body as FormData;
    expect(sent.get("prompt")).toBe("a fox in snow");
    expect(sent.get("num_images")).toBe("4");
    expect(sent.get("aspect_ratio")).toBe("1x1");

    fireEvent.click(screen.getAllByTestId("generation-send-upscale")[2]!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/en/upscale"));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY_HANDOFF)!)).toMatchObject({
      target: "upscale",
      role: "input",
      imageUrl: RESULTS[2],
      source: "consistency",
    });
  }, 10_000);

  it("lets an administrator add the current result as a sample, and reorder and delete samples", async () => {
    const samples = [
      {
        id: 1,
        prompt: "one",
        aspect_ratio: "1x1",
        num_images: 1,
        ref_image_url: null,
        result_urls: ["/s/1.jpg"],
        thumbnail_url: "/s/t1.jpg",
        display_order: 0,
      },
      {
        id: 2,
        prompt: "two",
        aspect_ratio: "1x1",
        num_images: 1,
        ref_image_url: null,
        result_urls: ["/s/2.jpg"],
        thumbnail_url: "/s/t2.jpg",
        display_order: 1,
      },
    ];
    const { calls } = renderPage(makeUser({ isAdmin: true }), (url, init) => {
      if (url === "/api/kling/samples" && init?.method === "POST")
        return jsonResponse(200, { success: true, sample: { ...samples[0], id: 3 } });
      if (url === "/api/kling/samples") return jsonResponse(200, { success: true, samples });
      if (url === "/api/kling/samples/reorder") return jsonResponse(200, { success: true, samples });
      if (url === "/api/kling/samples/2") return jsonResponse(200, { success: true });
      return undefined;
    });
    await waitFor(() => expect(screen.getAllByTestId("generation-sample")).toHaveLength(2));
    const add = screen.getByTestId("generation-sample-add") as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("generation-prompt"), { target: { value: "a fox" } });
    fireEvent.click(screen.getByTestId("generation-run"));
    await waitFor(() => expect(screen.getAllByTestId("generation-result-image")).toHaveLength(4), {
      timeout: 6000,
    });
    fireEvent.click(add);
    await waitFor(() =>
      expect(calls.some((call) => call.url === "/api/kling/samples" && call.method === "POST")).toBe(true),
    );
    const posted = JSON.parse(
      String(calls.find((call) => call.method === "POST" && call.url === "/api/kling/samples")!.body),
    );
    expect(posted).toMatchObject({ prompt: "a fox", result_urls: RESULTS, num_images: 4 });

    fireEvent.click(
      within(screen.getAllByTestId("generation-sample")[1]!).getByRole("button", { name: "Move up" }),
    );
    await waitFor(() => expect(calls.some((call) => call.url === "/api/kling/samples/reorder")).toBe(true));
    const order = JSON.parse(String(calls.find((call) => call.url === "/api/kling/samples/reorder")!.body));
    expect(order.samples).toEqual([
      { id: 2, display_order: 0 },
      { id: 1, display_order: 1 },
    ]);

    fireEvent.click(
      within(screen.getAllByTestId("generation-sample")[0]!).getByTestId("generation-sample-delete"),
    );
    const confirm = await screen.findByTestId("generation-sample-delete-confirm");
    fireEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(calls.some((call) => call.method === "DELETE")).toBe(true));
  }, 10_000);

  it("follows a run that was still going when the page opened", async () => {
    const running = {
      id: 9,
      image_url: null,
      original_image_url: null,
      thumbnail_url: null,
      prompt: "a fox",
      seed: null,
      source: "kling",
      status: "processing",
      created_at: "2026-01-01T00:00:00.000Z",
      updated_at: "2026-01-01T00:00:00.000Z",
      kling_task_id: "task-1",
      seedream_task_id: null,
      all_image_urls: null,
      runpod_job_id: null,
    };
    renderPage(makeUser(), (url) =>
      url.startsWith("/api/image/history/") && url.includes("grouped=1")
        ? jsonResponse(200, {
            success: true,
            images: [running],
            pagination: { hasMore: false, nextOffset: null, groupHasMore: false, nextGroupOffset: null },
            grouped: true,
          })
        : undefined,
    );
    expect(await screen.findByTestId("generation-waiting")).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId("generation-result-image")).toHaveLength(4), {
      timeout: 6000,
    });
  }, 10_000);

  it("says plainly that no provider is connected, with no generate button, while samples and history show", async () => {
    renderPage(makeUser(), undefined, { generationEnabled: false });
    expect((await screen.findByTestId("generation-not-configured")).textContent).toContain(
      "The operator has not connected a generation service",
    );
    expect(screen.queryByTestId("generation-run")).toBeNull();
    expect(await screen.findByTestId("generation-samples-empty")).toBeTruthy();
    expect(await screen.findByTestId("generation-history-empty")).toBeTruthy();
  });
});
