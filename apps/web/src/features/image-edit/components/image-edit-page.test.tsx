import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { loadDraft } from "../../../lib/drafts/drafts.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { presignedUpload } from "../../../lib/uploads/presigned-upload.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { ImageEditPage } from "./image-edit-page.tsx";

// The presigned upload is tested through the server and the browser journey; here it just works.
vi.mock("../../../lib/uploads/presigned-upload.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/uploads/presigned-upload.ts")>()),
  presignedUpload: vi.fn(async (_blob: Blob, filename: string) => ({
    imageUrl: `/files/${filename}`,
    key: `private/uploads/7/${filename}`,
    width: 1280,
    height: 960,
  })),
}));

const routes = [
  {
    path: "/en/image-edit",
    element: (
      <RequireUser>
        <ImageEditPage />
      </RequireUser>
    ),
  },
  { path: "/en/login", element: <p>login page</p> },
];

type TRoute = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

const historyItem = (id: number, createdAt: string) => ({
  id,
  seedream_task_id: `task-${id}`,
  prompt: "a sunset",
  status: "completed",
  seed: 1,
  image_url: `/files/r${id}-1.jpg`,
  all_image_urls: [`/files/r${id}-1.jpg`, `/files/r${id}-2.jpg`],
  original_image_url: null,
  created_at: createdAt,
});

function server(extra: TRoute = () => undefined, provider: string | null = "seedream") {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    let body: unknown = init?.body;
    if (typeof body === "string") body = JSON.parse(body);
    calls.push({ url, method: init?.method ?? "GET", body });
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === "/api/feature/flags")
      return jsonResponse(200, {
        imageGenerationEnabled: true,
        paymentProvider: "sandbox",
        llmEnabled: true,
        llmTestProvider: false,
        imageEditProvider: provider,
        imageEditTestProvider: false,
      });
    if (url.startsWith("/api/seedream/history"))
      return jsonResponse(200, {
        success: true,
        items: [],
        pagination: { hasMore: false, nextOffset: null },
      });
    if (url === "/api/seedream/samples") return jsonResponse(200, { success: true, samples: [] });
    return jsonResponse(404, { success: false, error: "not here", code: "NOT_FOUND" });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

beforeEach(() => {
  // jsdom has no image decoder or encoder: a 1280×960 picture and a small JPEG stand in.
  vi.stubGlobal(
    "createImageBitmap",
    vi.fn(async () => ({ width: 1280, height: 960, close: () => {} })),
  );
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue({
    drawImage: () => {},
  } as unknown as CanvasRenderingContext2D);
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
    callback(new Blob([new Uint8Array(2048)], { type: "image/jpeg" }));
  };
  window.URL.createObjectURL = vi.fn(() => "blob:tile");
  window.URL.revokeObjectURL = vi.fn();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await act(() => i18n.changeLanguage("en"));
});

async function addTile() {
  const file = new File([new Uint8Array(4096)], "photo.jpg", { type: "image/jpeg" });
  fireEvent.change(screen.getByTestId("image-edit-file-input"), { target: { files: [file] } });
  await waitFor(() => expect(screen.getByTestId("image-edit-tile-0").dataset.status).toBe("ready"));
}

describe("the image edit page", () => {
  it("keeps Run off with the reason: no prompt, then no image; Ctrl+Enter then runs with the spec's body", async () => {
    const { calls, fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-1",
          urls: [],
          error: null,
          cost: 30,
        });
      if (url === "/api/seedream/status/job-1")
        return jsonResponse(200, {
          success: true,
          status: "completed",
          urls: ["/files/out-1.jpg"],
          partial: true,
          queuePosition: null,
          etaSeconds: null,
          error: null,
        });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    const run = screen.getByTestId("image-edit-run") as HTMLButtonElement;
    await waitFor(() =>
      expect(screen.getByTestId("image-edit-run-held").textContent).toBe("Please write a prompt"),
    );
    expect(run.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    expect(screen.getByTestId("image-edit-run-held").textContent).toBe("Please add at least one image");
    await addTile();
    fireEvent.click(screen.getByTestId("image-edit-count-2"));
    expect(screen.getByTestId("image-edit-run-cost").textContent).toContain("30");
    fireEvent.click(screen.getByTestId("image-edit-seed-lock"));
    const seed = Number((screen.getByTestId("image-edit-seed") as HTMLInputElement).value);
    fireEvent.keyDown(window, { key: "Enter", ctrlKey: true });
    await screen.findByTestId("image-edit-partial");
    const start = calls.find((call) => call.url === "/api/seedream/generate?async=1");
    expect(start?.body).toMatchObject({
      prompt: "a sunset sky",
      num_images: 2,
      size: "2048x2048",
      seed,
      auto_prompt_used: false,
      async: true,
    });
    expect((start!.body as { images: string[] }).images).toHaveLength(1);
    expect(screen.getByTestId("image-edit-partial").textContent).toContain("1 of the 2 images");
  });

  it("watches history after a 524 and shows the run that appears there", async () => {
    const created = new Date().toISOString();
    let historyReads = 0;
    const { fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1") return new Response("<html>524</html>", { status: 524 });
      if (url.startsWith("/api/seedream/history")) {
        historyReads += 1;
        const items = historyReads > 2 ? [historyItem(42, created)] : [];
        return jsonResponse(200, { success: true, items, pagination: { hasMore: false, nextOffset: null } });
      }
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    await waitFor(() =>
      expect((screen.getByTestId("image-edit-run") as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId("image-edit-run"));
    await waitFor(() => expect(screen.getByText(/watching your history/)).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId("image-edit-result").dataset.state).toBe("done"), {
      timeout: 8000,
    });
    expect((screen.getByTestId("image-edit-result-1") as HTMLImageElement).getAttribute("src")).toBe(
      "/files/r42-2.jpg",
    );
  }, 15_000);

  it("on ComfyUI, says the engine reads 3 images and combines the rest, and names ComfyUI's failure", async () => {
    const { fetchImpl } = server((url) => {
      if (url === "/api/feature/flags")
        return jsonResponse(200, {
          imageGenerationEnabled: true,
          paymentProvider: "sandbox",
          llmEnabled: true,
          llmTestProvider: false,
          imageEditProvider: "comfyui",
          imageEditTestProvider: false,
          imageEditMaxInputImages: 3,
        });
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-3",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-3")
        return jsonResponse(200, {
          success: true,
          status: "failed",
          urls: [],
          partial: false,
          queuePosition: null,
          etaSeconds: null,
          error: { code: "COMFYUI_MODEL_MISSING", message: "Processing failed." },
        });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    expect((await screen.findByTestId("image-edit-image-cap")).textContent).toBe(
      "This engine reads at most 3 images; if you add more, the extra ones are combined into one.",
    );
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.keyDown(window, { key: "Enter", metaKey: true });
    expect((await screen.findByTestId("image-edit-error")).textContent).toContain(
      "A model file this tool needs is not installed on the image server (ComfyUI).",
    );
  });

  it("shows no image cap for a provider that reads every image", async () => {
    const { fetchImpl } = server();
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    await waitFor(() => expect(screen.getByTestId("image-edit-page").dataset.provider).toBe("seedream"));
    expect(screen.queryByTestId("image-edit-image-cap")).toBeNull();
  });

  // Issue 25: error.code is the vendor's own (spec 02 §7–§8), error.gyeolCode ours; an older
  // server sent ours in error.code. Each reads the same row, in both languages.
  it.each([
    [
      "/en/image-edit",
      { code: "InvalidParameter.OversizeImage", gyeolCode: "EDIT_OVERSIZE_IMAGE" },
      "oversize",
      "An image is 10 MB or larger.",
      "Your credits have been refunded.",
    ],
    [
      "/en/image-edit",
      { code: "EDIT_OVERSIZE_IMAGE" },
      "oversize",
      "An image is 10 MB or larger.",
      "Your credits have been refunded.",
    ],
    [
      "/image-edit",
      { code: "InvalidParameter.OversizeImage", gyeolCode: "EDIT_OVERSIZE_IMAGE" },
      "oversize",
      "이미지가 10MB 이상입니다.",
      "사용한 크레딧은 환불되었습니다.",
    ],
    [
      "/en/image-edit",
      { code: "moderation_blocked", gyeolCode: "EDIT_SENSITIVE_CONTENT" },
      "sensitive",
      "Sensitive content was detected, so nothing was generated.",
      "Your credits have been refunded.",
    ],
    [
      "/image-edit",
      { code: "OutputImageSensitiveContentDetected", gyeolCode: "EDIT_SENSITIVE_CONTENT" },
      "sensitive",
      "민감한 콘텐츠가 감지되어 생성하지 못했습니다.",
      "사용한 크레딧은 환불되었습니다.",
    ],
    [
      "/en/image-edit",
      { code: "EDIT_MASKED_IMAGE_TOO_LARGE", gyeolCode: "EDIT_MASKED_IMAGE_TOO_LARGE" },
      "maskedTooLarge",
      "With its mask drawn in, an image is still over 9 MB (9,437,184 bytes) even at the lowest JPEG quality we try. Use a smaller image.",
      "Your credits have been refunded.",
    ],
    [
      "/image-edit",
      { code: "EDIT_MASKED_IMAGE_TOO_LARGE", gyeolCode: "EDIT_MASKED_IMAGE_TOO_LARGE" },
      "maskedTooLarge",
      "마스크를 합성한 이미지가 JPEG 품질을 가장 낮춰도 9MB(9,437,184바이트)를 넘습니다. 더 작은 이미지를 사용해 주세요.",
      "사용한 크레딧은 환불되었습니다.",
    ],
  ] as const)("at %s, error %o opens the %s row: %s", async (path, error, row, sentence, refund) => {
    const { fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-3",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-3")
        return jsonResponse(200, {
          success: true,
          status: "failed",
          urls: [],
          partial: false,
          queuePosition: null,
          etaSeconds: null,
          error: { ...error, message: "Processing failed." },
        });
      return undefined;
    });
    await act(() => i18n.changeLanguage(path.startsWith("/en/") ? "en" : "ko"));
    renderRoutes([...routes, { ...routes[0]!, path: "/image-edit" }], {
      path,
      user: makeUser({ credits: 100 }),
      fetchImpl,
    });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.keyDown(window, { key: "Enter", metaKey: true });
    await screen.findByTestId("image-edit-error");
    const shown = screen.getByTestId("image-edit-error-row");
    expect(shown.dataset.row).toBe(row);
    expect(shown.textContent).toBe(sentence);
    expect(screen.getByTestId("image-edit-error-refund").textContent).toBe(refund);
  });

  it("opens the error modal by the failure's code, saying the credits came back", async () => {
    const { fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-2",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-2")
        return jsonResponse(200, {
          success: true,
          status: "failed",
          urls: [],
          partial: false,
          queuePosition: null,
          etaSeconds: null,
          error: { code: "EDIT_OVERSIZE_IMAGE", message: "Processing failed." },
        });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.keyDown(window, { key: "Enter", metaKey: true });
    await screen.findByTestId("image-edit-error");
    expect(screen.getByTestId("image-edit-error-row").dataset.row).toBe("oversize");
    expect(screen.getByTestId("image-edit-error-refund").textContent).toBe(
      "Your credits have been refunded.",
    );
  });

  it("says that no provider is connected, and keeps Run off", async () => {
    const { fetchImpl } = server(() => undefined, null);
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-not-configured");
    expect(screen.getByTestId("image-edit-run-held").textContent).toBe("No provider connected");
    expect((screen.getByTestId("image-edit-run") as HTMLButtonElement).disabled).toBe(true);
  });

  it("gives the prompt, the tile and its settings back after the session expired and the user signed in again (issue 26)", async () => {
    const user = makeUser({ credits: 100 });
    const { fetchImpl } = server();
    const { router, runtime } = renderRoutes(routes, { path: "/en/image-edit", user, fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "make it golden hour" } });
    await addTile();
    fireEvent.click(screen.getByTestId("image-edit-count-3"));
    act(() => {
      window.dispatchEvent(new CustomEvent("auth:invalid", { detail: { code: "SESSION_EXPIRED" } }));
    });
    await screen.findByText("login page");
    await waitFor(async () =>
      expect(await loadDraft(user.id, "image-edit")).toMatchObject({ prompt: "make it golden hour" }),
    );
    await act(async () => {
      await runtime.actions.signIn(user);
    });
    await act(async () => {
      await router.navigate("/en/image-edit");
    });
    await waitFor(() =>
      expect((screen.getByTestId("image-edit-prompt") as HTMLTextAreaElement).value).toBe(
        "make it golden hour",
      ),
    );
    expect(screen.getByTestId("image-edit-tile-0").dataset.status).toBe("ready");
    expect(screen.getByTestId("image-edit-run-cost").textContent).toContain("45");
  });

  it("ends the draft once the run is accepted", async () => {
    const user = makeUser({ credits: 100 });
    const { fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-3",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-3")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          urls: [],
          partial: false,
          queuePosition: 1,
          etaSeconds: null,
          error: null,
        });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user, fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    await waitFor(async () => expect(await loadDraft(user.id, "image-edit")).not.toBeNull());
    fireEvent.click(screen.getByTestId("image-edit-run"));
    await waitFor(async () => expect(await loadDraft(user.id, "image-edit")).toBeNull());
  });

  it("refuses a 5:1 tile with its own sentence, titled as an upload (issue 26)", async () => {
    vi.stubGlobal(
      "createImageBitmap",
      vi.fn(async () => ({ width: 5000, height: 1000, close: () => {} })),
    );
    const { fetchImpl } = server();
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    const file = new File([new Uint8Array(4096)], "wide.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByTestId("image-edit-file-input"), { target: { files: [file] } });
    const modal = await screen.findByTestId("image-edit-error");
    expect(modal.textContent).toContain("Upload failed");
    expect(modal.textContent).not.toContain("Generation failed");
    expect(modal.textContent).toContain("5000×1000");
    expect(modal.textContent).toContain("between 1:3 and 3:1");
    expect(screen.queryByTestId("image-edit-tile-0")).toBeNull();
  });

  it("reorders tiles by keyboard: Alt+→ on a tile, the earlier button, focus kept, the move announced (issue 26)", async () => {
    const { fetchImpl } = server();
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    const files = ["a.jpg", "b.jpg", "c.jpg"].map(
      (name) => new File([new Uint8Array(4096)], name, { type: "image/jpeg" }),
    );
    fireEvent.change(screen.getByTestId("image-edit-file-input"), { target: { files } });
    await waitFor(() => expect(screen.getByTestId("image-edit-tile-2").dataset.status).toBe("ready"));
    const order = () => [0, 1, 2].map((i) => screen.getByTestId(`image-edit-tile-${i}`).dataset.tileId);
    const [a, b, c] = order();
    const live = screen.getByTestId("image-edit-tiles-live");
    expect(live.getAttribute("aria-live")).toBe("polite");

    const first = screen.getByTestId("image-edit-tile-0");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowRight", altKey: true });
    await waitFor(() => expect(order()).toEqual([b, a, c]));
    expect(live.textContent).toBe("Moved to place 2 of 3.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("image-edit-tile-1")));
    // Without Alt the arrows do nothing (they stay the page's own).
    fireEvent.keyDown(screen.getByTestId("image-edit-tile-1"), { key: "ArrowRight" });
    expect(order()).toEqual([b, a, c]);

    // The buttons reach the same moves; the first tile has no "earlier", the last no "later".
    expect((screen.getByTestId("image-edit-tile-0-earlier") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("image-edit-tile-2-later") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("image-edit-tile-2-earlier"));
    await waitFor(() => expect(order()).toEqual([b, c, a]));
    expect(live.textContent).toBe("Moved to place 2 of 3.");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("image-edit-tile-1-earlier")));
    fireEvent.click(screen.getByTestId("image-edit-tile-1-earlier"));
    await waitFor(() => expect(order()).toEqual([c, b, a]));
    expect(live.textContent).toBe("Moved to place 1 of 3.");
    // Its "earlier" is gone at the front: the focus stays on the tile itself.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId("image-edit-tile-0")));
  });

  it("keeps Run off for an output under 921,600 pixels and says so by the size", async () => {
    const { fetchImpl } = server();
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.change(screen.getByTestId("image-edit-width"), { target: { value: "500" } });
    fireEvent.blur(screen.getByTestId("image-edit-width"));
    fireEvent.change(screen.getByTestId("image-edit-height"), { target: { value: "500" } });
    fireEvent.blur(screen.getByTestId("image-edit-height"));
    await waitFor(() =>
      expect(screen.getByTestId("image-edit-run-held").textContent).toBe(
        "The output must be at least 921,600 pixels",
      ),
    );
    expect((screen.getByTestId("image-edit-run") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("image-edit-output-too-small").textContent).toContain(
      "500×500 is 250,000 pixels",
    );
  });

  it("says the server's reason when an upload is refused (a GIF named .jpg), not 'try again'", async () => {
    vi.mocked(presignedUpload).mockRejectedValueOnce(
      new ApiError(400, "UNSUPPORTED_IMAGE_TYPE", "Only JPEG and PNG images are accepted."),
    );
    const { fetchImpl } = server();
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    const file = new File([new Uint8Array(4096)], "cat.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByTestId("image-edit-file-input"), { target: { files: [file] } });
    const modal = await screen.findByTestId("image-edit-error");
    expect(modal.textContent).toContain("Upload failed");
    expect(modal.textContent).toContain("JPG or PNG");
    expect(modal.textContent).not.toContain("try again");
  });

  it("cancels a running edit: the job is stopped on the server and the page says the credits came back (issue 26)", async () => {
    const { calls, fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-9",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-9")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          urls: [],
          partial: false,
          queuePosition: 2,
          etaSeconds: null,
          error: null,
        });
      if (url === "/api/jobs/job-9/cancel")
        return jsonResponse(200, { success: true, status: "failed", code: "JOB_CANCELLED" });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.click(screen.getByTestId("image-edit-run"));
    fireEvent.click(await screen.findByTestId("image-edit-cancel"));
    await waitFor(() => expect(screen.getByTestId("image-edit-result").dataset.state).toBe("empty"));
    expect(calls.some((call) => call.url === "/api/jobs/job-9/cancel" && call.method === "POST")).toBe(true);
    expect((screen.getByTestId("image-edit-prompt") as HTMLTextAreaElement).disabled).toBe(false);
  });

  it("makes a result the next run's input image with 'Edit this result again' (issue 26)", async () => {
    const { fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-10",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-10")
        return jsonResponse(200, {
          success: true,
          status: "completed",
          urls: ["/files/out-10.jpg"],
          partial: false,
          queuePosition: null,
          etaSeconds: null,
          error: null,
        });
      if (url === "/files/out-10.jpg")
        return new Response(new Blob([new Uint8Array(4096)], { type: "image/jpeg" }), {
          status: 200,
          headers: { "content-type": "image/jpeg" },
        });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.click(screen.getByTestId("image-edit-run"));
    fireEvent.click(await screen.findByTestId("image-edit-edit-again-0"));
    await waitFor(() => expect(screen.getByTestId("image-edit-tile-1").dataset.status).toBe("ready"));
    expect(screen.getByTestId("image-edit-tile-0").dataset.status).toBe("ready");
  });

  it("compares a result with the run's first input image on a before/after slider (issue 26)", async () => {
    const { fetchImpl } = server((url) => {
      if (url === "/api/seedream/generate?async=1")
        return jsonResponse(200, {
          success: true,
          status: "processing",
          seedream_task_id: "job-11",
          urls: [],
          error: null,
          cost: 15,
        });
      if (url === "/api/seedream/status/job-11")
        return jsonResponse(200, {
          success: true,
          status: "completed",
          urls: ["/files/out-11.jpg"],
          partial: false,
          queuePosition: null,
          etaSeconds: null,
          error: null,
        });
      return undefined;
    });
    renderRoutes(routes, { path: "/en/image-edit", user: makeUser({ credits: 100 }), fetchImpl });
    await screen.findByTestId("image-edit-page");
    fireEvent.change(screen.getByTestId("image-edit-prompt"), { target: { value: "a sunset sky" } });
    await addTile();
    fireEvent.click(screen.getByTestId("image-edit-run"));
    const compare = await screen.findByTestId("image-edit-compare-0");
    expect(screen.queryByTestId("image-edit-compare-view-0")).toBeNull();
    fireEvent.click(compare);
    const slider = screen.getByTestId("image-edit-compare-view-0");
    const before = within(slider).getByAltText("Before: your first input image") as HTMLImageElement;
    const after = within(slider).getByAltText("After: result image 1") as HTMLImageElement;
    expect(before.getAttribute("src")).toMatch(/^\/files\/.+\.jpg$/);
    expect(before.getAttribute("src")).not.toBe("/files/out-11.jpg");
    expect(after.getAttribute("src")).toBe("/files/out-11.jpg");
    expect(compare.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(compare);
    expect(screen.queryByTestId("image-edit-compare-view-0")).toBeNull();
    expect(screen.getByTestId("image-edit-result-0")).toBeTruthy();
  });
});
