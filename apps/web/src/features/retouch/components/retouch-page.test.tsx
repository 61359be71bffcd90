import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactElement } from "react";
import toast from "react-hot-toast";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { STORAGE_KEY_HANDOFF } from "../../../lib/handoff.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { ko } from "../../../lib/i18n/ko.ts";
import { setOperatorInfo } from "../../../lib/operator.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { RetouchPage } from "./retouch-page.tsx";

vi.mock("../lib/resize-image.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/resize-image.ts")>()),
  readImageSize: vi.fn(async () => ({ width: 1000, height: 1200 })),
}));

const routes = [
  // As the route table serves it: behind the sign-in guard that announces itself.
  {
    path: "/en/upscale",
    element: (
      <RequireUser isLoginNoticed>
        <RetouchPage />
      </RequireUser>
    ),
  },
  {
    path: "/upscale",
    element: (
      <RequireUser isLoginNoticed>
        <RetouchPage />
      </RequireUser>
    ),
  },
  { path: "/en/login", element: <p>login page</p> },
];

type TRoute = (url: string, init?: RequestInit) => Response | undefined;

function server(extra: TRoute = () => undefined) {
  const calls: { url: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const answer = extra(url, init);
    if (answer) return answer;
    if (url.startsWith("/api/image/history/")) {
      return jsonResponse(200, {
        success: true,
        images: [],
        pagination: { hasMore: false, nextOffset: null },
      });
    }
    if (url === "/api/affiliate/enabled") return jsonResponse(200, { enabled: false });
    if (url === "/api/image/regions") {
      return jsonResponse(200, { success: true, facesFound: 1, overlayUrl: "/files/overlay.png" });
    }
    if (url === "/api/runpod-upscale") {
      return jsonResponse(200, {
        success: true,
        jobId: "job-1",
        imageId: 1,
        status: "in-progress",
        cost: 80,
      });
    }
    return jsonResponse(404, { success: false, error: "Not found", code: "NOT_FOUND" });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

function renderPage(user: TPublicUser | null, extra?: TRoute, withHandoff = true, path = "/en/upscale") {
  if (withHandoff) {
    window.localStorage.setItem(
      STORAGE_KEY_HANDOFF,
      JSON.stringify({ target: "upscale", imageUrl: "/files/in.jpg" }),
    );
  }
  const { fetchImpl, calls } = server(extra);
  const checkAuth = vi.fn(async () =>
    user ? { isAuthenticated: true as const, user } : { isAuthenticated: false as const, user: null },
  );
  const view = renderRoutes(routes, { path, user, fetchImpl, checkAuth });
  return { ...view, calls, checkAuth };
}

beforeEach(() => {
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the retouch page", () => {
  it("sends visitors to the login page and back", async () => {
    const { router } = renderPage(null, undefined, false);
    await screen.findByText("login page");
    expect(router.state.location.search).toBe("?next=%2Fen%2Fupscale");
  });

  it("shows the sample until a photo is there; the bar's Generate needs an upload", async () => {
    renderPage(makeUser(), undefined, false);
    expect(await screen.findByTestId("retouch-result-sample")).toBeTruthy();
    expect(screen.getByText("Sample")).toBeTruthy();
    const bar = screen.getByTestId("bar-generate") as HTMLButtonElement;
    expect(bar.disabled).toBe(true);
    expect(bar.title).toBe("Please upload an image first");
    expect((screen.getByTestId("retouch-scale") as HTMLInputElement).disabled).toBe(true);
    // The filter strength's figure (0.50) is said as a percentage.
    expect(screen.getByTestId("retouch-strength").getAttribute("aria-valuetext")).toMatch(/^\d+%$/);
    fireEvent.click(screen.getByTestId("retouch-generate"));
    expect((await screen.findByTestId("retouch-error")).textContent).toBe("Please select an image.");
    expect(await screen.findByTestId("retouch-history-empty")).toBeTruthy();
  });

  it("loads a handed-off image, removes the record and shows the protected areas", async () => {
    renderPage(makeUser());
    const preview = (await screen.findByTestId("retouch-preview")) as HTMLImageElement;
    expect(preview.getAttribute("src")).toBe("/files/in.jpg");
    expect(window.localStorage.getItem(STORAGE_KEY_HANDOFF)).toBeNull();
    const overlay = await screen.findByTestId("retouch-regions-overlay");
    expect(overlay.getAttribute("src")).toBe("/files/overlay.png");
    // Off by default: the overlay is a diagnostic, and its legend says what the colours mean.
    const toggle = screen.getByTestId("retouch-regions-toggle");
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(overlay.className).toContain("opacity-0");
    expect(screen.queryByTestId("retouch-regions-legend")).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByTestId("retouch-regions-legend").textContent).toContain(
      "Skin: smoothed by the retouch",
    );
    expect(screen.getByTestId("retouch-generate-cost").textContent).toContain("80 credits");
    expect(screen.getByTestId("retouch-quality-badge").textContent).toContain("NORMAL");
  });

  it("resets the style to basic when the ethnicity no longer offers it", async () => {
    renderPage(makeUser());
    const style = (await screen.findByTestId("retouch-style")) as HTMLSelectElement;
    fireEvent.change(style, { target: { value: "basic_chic" } });
    expect(style.value).toBe("basic_chic");
    fireEvent.change(screen.getByTestId("retouch-ethnicity"), { target: { value: "western" } });
    expect(style.value).toBe("basic");
    expect([...style.options].map((option) => option.textContent)).toEqual([
      "Basic",
      "Makeup · Deluxe+",
      "Matte makeup · Deluxe+",
    ]);
  });

  it("offers the makeup styles only to the plans that include them", async () => {
    renderPage(makeUser({ plan: "free" }));
    const style = (await screen.findByTestId("retouch-style")) as HTMLSelectElement;
    const makeup = [...style.options].find((option) => option.value === "makeup")!;
    expect(makeup.disabled).toBe(true);
    expect(screen.getByTestId("retouch-style-plan-hint")).toBeTruthy();
    cleanup();
    renderPage(makeUser({ plan: "deluxe" }));
    const deluxeStyle = (await screen.findByTestId("retouch-style")) as HTMLSelectElement;
    expect([...deluxeStyle.options].every((option) => !option.disabled)).toBe(true);
    fireEvent.change(deluxeStyle, { target: { value: "makeup" } });
    expect(deluxeStyle.value).toBe("makeup");
    expect(screen.queryByTestId("retouch-style-plan-hint")).toBeNull();
  });

  it("turns Generate off when the credits are below the cost", async () => {
    renderPage(makeUser({ credits: 50 }));
    await screen.findByTestId("retouch-preview");
    const main = screen.getByTestId("retouch-generate") as HTMLButtonElement;
    await waitFor(() => expect(main.disabled).toBe(true));
    expect(screen.getByTestId("retouch-generate-held").textContent).toBe("Not enough credits");
    expect((screen.getByTestId("bar-generate") as HTMLButtonElement).disabled).toBe(true);
  });

  it("keeps the settings as a draft, back when the page opens again (issue 26)", async () => {
    const first = renderPage(makeUser());
    await screen.findByTestId("retouch-preview");
    fireEvent.change(screen.getByTestId("retouch-ethnicity"), { target: { value: "western" } });
    first.unmount();
    renderPage(makeUser(), undefined, false);
    await waitFor(() =>
      expect((screen.getByTestId("retouch-ethnicity") as HTMLSelectElement).value).toBe("western"),
    );
  });

  it("offers only the scales this photo can take and says why, so no click meets the limit (issue 26)", async () => {
    renderPage(makeUser());
    await screen.findByTestId("retouch-preview");
    // 1000×1200: ×1.9 would be 1900 + 2280 = 4180 px, over the 4000 px limit; ×1.8 is 3960.
    const slider = screen.getByTestId("retouch-scale") as HTMLInputElement;
    expect(slider.max).toBe("1.8");
    fireEvent.change(slider, { target: { value: "2" } });
    expect(screen.getByTestId("retouch-output-size").textContent).toBe("Output 1800 × 2160 px");
    expect(screen.getByTestId("retouch-scale-max").textContent).toBe(
      "This photo can be enlarged up to 1.8×: an output whose width + height is 4,000 px or more can't be processed.",
    );
    expect(screen.queryByTestId("retouch-scale-limit")).toBeNull();
  });

  it("starts a job, shows processing, turns Generate off and refreshes the header credits", async () => {
    const { calls, checkAuth } = renderPage(makeUser(), (url) =>
      url === "/api/image/status/job-1"
        ? jsonResponse(200, {
            success: true,
            status: "in-progress",
            imageUrl: null,
            originalImageUrl: "/files/in.jpg",
            queuePosition: 1,
            etaSeconds: 30,
            error: null,
            code: null,
          })
        : undefined,
    );
    await screen.findByTestId("retouch-preview");
    await waitFor(() => expect(checkAuth).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByTestId("retouch-exclude-background"));
    fireEvent.click(screen.getByTestId("retouch-generate"));
    expect(await screen.findByTestId("retouch-result-processing")).toBeTruthy();
    const start = calls.find((call) => call.url === "/api/runpod-upscale");
    expect(start?.body).toMatchObject({
      input: { image: "/files/in.jpg", width: 1000, height: 1200, scale_factor: 1, exclude_background: true },
    });
    expect((screen.getByTestId("retouch-generate") as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId("bar-generate") as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(checkAuth).toHaveBeenCalledTimes(2));
    expect(screen.getByText("Please don't refresh or close this page")).toBeTruthy();
  });

  it("cancels the running job from the result card and says its credits came back", async () => {
    const { calls } = renderPage(makeUser(), (url) =>
      url === "/api/jobs/job-1/cancel"
        ? jsonResponse(200, { success: true, status: "failed", code: "JOB_CANCELLED" })
        : undefined,
    );
    await screen.findByTestId("retouch-preview");
    fireEvent.click(screen.getByTestId("retouch-generate"));
    fireEvent.click(await screen.findByTestId("retouch-cancel"));
    expect(await screen.findByTestId("retouch-result-failed")).toBeTruthy();
    expect(screen.getByTestId("retouch-failed-reason").textContent).toBe(
      "You cancelled this job. Its credits were refunded.",
    );
    expect(calls.filter((call) => call.url === "/api/jobs/job-1/cancel")).toHaveLength(1);
  });

  it("says why a job failed in the page's language, never the server's English sentence", async () => {
    await i18n.changeLanguage("ko");
    renderPage(
      makeUser(),
      (url) =>
        url === "/api/image/status/job-1"
          ? jsonResponse(200, {
              success: true,
              status: "failed",
              imageUrl: null,
              originalImageUrl: "/files/in.jpg",
              queuePosition: null,
              etaSeconds: null,
              error: "Processing failed. Your credits were refunded.",
              code: "JOB_ABANDONED",
            })
          : undefined,
      true,
      "/upscale",
    );
    await screen.findByTestId("retouch-preview");
    fireEvent.click(screen.getByTestId("retouch-generate"));
    // The first status poll comes 2 s after the start (spec 02 §4.1).
    const failed = await screen.findByTestId("retouch-result-failed", {}, { timeout: 15_000 });
    expect(screen.getByTestId("retouch-failed-reason").textContent).toBe(ko.errors.codes.JOB_ABANDONED);
    expect(failed.textContent).not.toContain("Processing failed");
    expect(document.body.textContent).not.toContain("credits were refunded");
  });

  it("explains a start refused for lack of credits", async () => {
    renderPage(makeUser(), (url) =>
      url === "/api/runpod-upscale"
        ? jsonResponse(400, { success: false, error: "Not enough credits.", code: "INSUFFICIENT_CREDITS" })
        : undefined,
    );
    await screen.findByTestId("retouch-preview");
    fireEvent.click(screen.getByTestId("retouch-generate"));
    expect((await screen.findByTestId("retouch-error")).textContent).toBe(
      "Not enough credits. Please top up and try again.",
    );
    expect(screen.queryByTestId("retouch-result-processing")).toBeNull();
  });

  it("says what a refused photo can do instead: another crop, or support (issue 24)", async () => {
    const shown = vi.spyOn(toast, "error");
    renderPage(makeUser(), (url) =>
      url === "/api/runpod-upscale"
        ? jsonResponse(400, {
            success: false,
            error: "This photo looks like it contains nudity or sexual content.",
            code: "NSFW_CONTENT_DETECTED",
          })
        : undefined,
    );
    await screen.findByTestId("retouch-preview");
    fireEvent.click(screen.getByTestId("retouch-generate"));
    expect((await screen.findByTestId("retouch-error")).textContent).toBe(
      "This photo looks like it contains nudity or sexual content, which we don't process. If it's an ordinary photo, try a crop that shows the whole face (face and shoulders), upload the colour original of a black-and-white photo, or contact support.",
    );
    await waitFor(() => expect(shown).toHaveBeenCalled());
    const [content, options] = shown.mock.calls.at(-1)!;
    expect(options).toMatchObject({ duration: 12_000 });
    // The support address comes from the server's operator settings (issue 30).
    setOperatorInfo({
      ko: { supportEmail: "help@gyeol.example" },
      en: { supportEmail: "help@gyeol.example" },
    });
    const view = render(content as ReactElement);
    expect(view.getByTestId("nsfw-refusal-toast").textContent).toContain(
      "try a crop that shows the whole face",
    );
    expect(view.getByRole("link", { name: "Contact support" }).getAttribute("href")).toMatch(/^mailto:.+@.+/);
  });

  it("labels a cancelled job 'Cancelled' in the history, and a failed one 'Failed'", async () => {
    const row = (id: number, code: string) => ({
      id,
      image_url: null,
      original_image_url: `/files/o${id}.jpg`,
      thumbnail_url: null,
      prompt: null,
      seed: null,
      source: "upscale",
      status: "failed",
      created_at: "2025-08-01T03:00:00Z",
      updated_at: "2025-08-01T03:00:00Z",
      kling_task_id: null,
      seedream_task_id: null,
      all_image_urls: null,
      runpod_job_id: null,
      code,
    });
    renderPage(makeUser(), (url) =>
      url.startsWith("/api/image/history/")
        ? jsonResponse(200, {
            success: true,
            images: [row(2, "JOB_CANCELLED"), row(1, "ENGINE_FAILED")],
            pagination: { hasMore: false, nextOffset: null },
          })
        : undefined,
    );
    const items = await screen.findAllByTestId("retouch-history-item");
    expect(
      items.map((item) => [item.getAttribute("data-status"), item.textContent?.includes("Cancelled")]),
    ).toEqual([
      ["cancelled", true],
      ["failed", false],
    ]);
    expect(items[1]!.textContent).toContain("Failed");
  });
});
