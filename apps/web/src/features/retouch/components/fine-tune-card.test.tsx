import { defaultRetouchControls, RETOUCH_CONTROLS } from "@gyeol/shared/retouch";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { STORAGE_KEY_HANDOFF } from "../../../lib/handoff.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { controlPreviewSource } from "./fine-tune-card.tsx";
import { RetouchPage } from "./retouch-page.tsx";

vi.mock("../lib/resize-image.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/resize-image.ts")>()),
  readImageSize: vi.fn(async () => ({ width: 1000, height: 1200 })),
}));

const routes = [
  {
    path: "/en/upscale",
    element: (
      <RequireUser isLoginNoticed>
        <RetouchPage />
      </RequireUser>
    ),
  },
];

/** A stored job's history item, as the server answers it (retouch_settings: issue 24). */
const HISTORY_ITEM = {
  id: 7,
  image_url: "/files/r7.jpg",
  original_image_url: "/files/o7.jpg",
  thumbnail_url: "/files/t7.jpg",
  prompt: "professional portrait photography",
  seed: 4321,
  source: "upscale",
  status: "completed",
  created_at: "2025-08-01T03:00:00Z",
  updated_at: "2025-08-01T03:00:00Z",
  kling_task_id: null,
  seedream_task_id: null,
  all_image_urls: ["/files/r7.jpg"],
  runpod_job_id: null,
  code: null,
  retouch_settings: {
    seed: 4321,
    lora_index: 1,
    width: 1000,
    height: 1200,
    scale_factor: 1.2,
    upper_lip: false,
    lower_lip: false,
    filter_strength: 0.6,
    filter_index: 1,
    filter_prompt: "asle",
    left_eyebrow: true,
    right_eyebrow: true,
    nose: true,
    hair: false,
    exclude_background: false,
    exclude_outfit: true,
    blemish_removal: 0.95,
    dark_circles: 0.1,
    shine_reduction: 0.3,
    wrinkle_softening: 0.75,
    tone_evening: 0.2,
  },
};

function renderPage(history: unknown[] = [], withHandoff = true) {
  if (withHandoff) {
    window.localStorage.setItem(
      STORAGE_KEY_HANDOFF,
      JSON.stringify({ target: "upscale", imageUrl: "/files/in.jpg" }),
    );
  }
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.startsWith("/api/image/history/"))
      return jsonResponse(200, {
        success: true,
        images: history,
        pagination: { hasMore: false, nextOffset: null },
      });
    if (url === "/api/affiliate/enabled") return jsonResponse(200, { enabled: false });
    if (url === "/api/image/regions")
      return jsonResponse(200, { success: true, facesFound: 1, overlayUrl: "/files/overlay.png" });
    if (url === "/api/runpod-upscale")
      return jsonResponse(200, {
        success: true,
        jobId: "job-1",
        imageId: 1,
        status: "in-progress",
        cost: 80,
      });
    return jsonResponse(404, { success: false, error: "Not found", code: "NOT_FOUND" });
  }) as typeof fetch;
  const checkAuth = vi.fn(async () => ({ isAuthenticated: true as const, user: makeUser() }));
  renderRoutes(routes, { path: "/en/upscale", user: makeUser(), fetchImpl, checkAuth });
  const startBody = () =>
    (calls.findLast((call) => call.url === "/api/runpod-upscale")?.body as { input: Record<string, unknown> })
      ?.input;
  return { calls, startBody };
}

const slider = (control: string) => screen.getByTestId(`retouch-control-${control}`) as HTMLInputElement;
const shown = () => Object.fromEntries(RETOUCH_CONTROLS.map((c) => [c, Number(slider(c).value)]));

beforeEach(() => {
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("the fine-tune card (issue 24)", () => {
  it("shows five labelled sliders with a hint and a before/after each, starting at the style's defaults", async () => {
    renderPage();
    const card = await screen.findByTestId("retouch-fine-tune-card");
    expect(within(card).getByRole("heading").textContent).toBe("Fine-tune");
    expect(shown()).toEqual(defaultRetouchControls(2));
    const blemish = within(card).getByRole("slider", { name: "Blemish removal" });
    expect(blemish.getAttribute("step")).toBe("0.05");
    expect(blemish.getAttribute("aria-valuetext")).toBe("70%");
    expect(blemish.getAttribute("aria-describedby")).toBeTruthy();
    expect(document.getElementById(blemish.getAttribute("aria-describedby")!)?.textContent).toMatch(
      /moles stay/,
    );
    const row = screen.getByTestId("retouch-control-dark_circles-row");
    expect(row.querySelector("img")?.getAttribute("src")).toBe(controlPreviewSource("dark_circles"));
    expect(within(row).getByText("Before")).toBeTruthy();
    expect((screen.getByTestId("retouch-fine-tune-reset") as HTMLButtonElement).disabled).toBe(true);
  });

  it("follows the style for the sliders not moved, sends every value and resets to the style", async () => {
    const { startBody } = renderPage();
    await screen.findByTestId("retouch-preview");
    fireEvent.change(slider("wrinkle_softening"), { target: { value: "0.9" } });
    expect(screen.getByTestId("retouch-control-wrinkle_softening-value").textContent).toBe("90%");
    fireEvent.change(screen.getByTestId("retouch-style"), { target: { value: "glossy" } });
    expect(shown()).toEqual({ ...defaultRetouchControls(1), wrinkle_softening: 0.9 });

    fireEvent.click(screen.getByTestId("retouch-generate"));
    await waitFor(() => expect(startBody()).toBeTruthy());
    expect(startBody()).toMatchObject({
      lora_index: 1,
      ...defaultRetouchControls(1),
      wrinkle_softening: 0.9,
    });

    const reset = screen.getByTestId("retouch-fine-tune-reset") as HTMLButtonElement;
    expect(reset.disabled).toBe(false);
    fireEvent.click(reset);
    expect(shown()).toEqual(defaultRetouchControls(1));
    expect(reset.disabled).toBe(true);
    // After a reset every slider follows the style again.
    fireEvent.change(screen.getByTestId("retouch-style"), { target: { value: "basic_chic" } });
    expect(shown()).toEqual(defaultRetouchControls(8));
  });

  it("runs a history item again: its photo and every setting back in the form, the same job sent", async () => {
    const { startBody } = renderPage([HISTORY_ITEM], false);
    const action = await screen.findByTestId("retouch-history-item-action");
    expect(action.textContent).toBe("Run again");
    expect(action.getAttribute("aria-label")).toMatch(/^Run again: /);
    fireEvent.click(action);
    const preview = (await screen.findByTestId("retouch-preview")) as HTMLImageElement;
    expect(preview.getAttribute("src")).toBe("/files/o7.jpg");
    const { seed: _seed, width: _w, height: _h, ...settings } = HISTORY_ITEM.retouch_settings;
    expect(shown()).toEqual({
      blemish_removal: 0.95,
      dark_circles: 0.1,
      shine_reduction: 0.3,
      wrinkle_softening: 0.75,
      tone_evening: 0.2,
    });
    expect((screen.getByTestId("retouch-style") as HTMLSelectElement).value).toBe("glossy");
    expect(screen.getByTestId("retouch-filter-ppoyong").getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByTestId("retouch-exclude-outfit").getAttribute("aria-checked")).toBe("true");

    fireEvent.click(screen.getByTestId("retouch-generate"));
    await waitFor(() => expect(startBody()).toBeTruthy());
    expect(startBody()).toMatchObject({ ...settings, seed: 4321, image: "/files/o7.jpg" });
  });
});
