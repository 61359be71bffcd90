import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { ImageEditPage } from "./image-edit-page.tsx";

// The presigned upload is tested through the server and the browser journey; here it just works.
vi.mock("../api/image-edit-api.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/image-edit-api.ts")>()),
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
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback) {
    callback(new Blob([new Uint8Array(2048)], { type: "image/jpeg" }));
  };
  window.URL.createObjectURL = vi.fn(() => "blob:tile");
  window.URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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
});
