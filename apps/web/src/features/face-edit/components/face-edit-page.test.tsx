import type { TPublicUser } from "@gyeol/shared/contracts/user";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RequireUser } from "../../../app/route-guards.tsx";
import type { MaskEditorProps } from "../../../components/mask-editor/mask-editor.tsx";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { tempHistoryItem } from "../lib/face-edit-rules.ts";
import { FaceEditPage } from "./face-edit-page.tsx";
import { activeJobKey } from "./face-edit-workspace.tsx";

// The picture is decoded and sent by the platform's upload kit (tested there); here it just works.
vi.mock("../../../lib/uploads/prepare-image.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/uploads/prepare-image.ts")>()),
  prepareImage: vi.fn(async (file: File) => ({
    blob: file,
    filename: file.name,
    width: 1000,
    height: 1200,
    original: { width: 1000, height: 1200 },
    resize: { width: 1000, height: 1200, isResized: false, isMinSideApplied: false },
  })),
}));
vi.mock("../../../lib/uploads/upload-image.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/uploads/upload-image.ts")>()),
  uploadToolImage: vi.fn(async () => ({
    success: true,
    imageUrl: "/files/in.jpg",
    width: 1000,
    height: 1200,
  })),
}));
// The editor itself is tested in components/mask-editor; here it saves a painted mask when asked.
vi.mock("../../../components/mask-editor/mask-editor.tsx", () => ({
  MaskEditor: ({ open, onSave, onClose, preset }: MaskEditorProps) =>
    open ? (
      <div data-testid="mask-editor" data-brush-max={preset.brush.max}>
        <button
          type="button"
          onClick={() =>
            void Promise.resolve(
              onSave(new Blob(["png"], { type: "image/png" }), { ops: [] } as never, {
                color: "blue",
                isEmpty: false,
              }),
            ).catch(() => {})
          }
        >
          fake save
        </button>
        <button type="button" onClick={onClose}>
          fake close
        </button>
      </div>
    ) : null,
}));

const routes = [
  {
    path: "/en/face-edit",
    element: (
      <RequireUser>
        <FaceEditPage />
      </RequireUser>
    ),
  },
  { path: "/en/login", element: <p>login page</p> },
];

type TRoute = (url: string, init?: RequestInit) => Response | Promise<Response> | undefined;

const STATUS_RUNNING = {
  success: true,
  status: "in-progress",
  imageUrl: null,
  originalImageUrl: "/files/in.jpg",
  queuePosition: 0,
  etaSeconds: 5,
  error: null,
  code: null,
};

function server(extra: TRoute = () => undefined) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    let body: unknown = init?.body;
    if (typeof body === "string") body = JSON.parse(body);
    calls.push({ url, method: init?.method ?? "GET", body });
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
    if (url === "/api/image/upload-s3?purpose=mask") {
      return jsonResponse(200, { success: true, imageUrl: "/files/mask.png" });
    }
    if (url === "/api/runpod-face-edit") {
      return jsonResponse(200, {
        success: true,
        jobId: "job-1",
        imageId: 1,
        status: "in-progress",
        cost: 85,
      });
    }
    return jsonResponse(404, { success: false, error: "Not found", code: "NOT_FOUND" });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

function renderPage(user: TPublicUser | null, extra?: TRoute) {
  const { fetchImpl, calls } = server(extra);
  const view = renderRoutes(routes, { path: "/en/face-edit", user, fetchImpl });
  return { ...view, calls };
}

async function uploadPhoto() {
  const input = await screen.findByTestId("face-edit-file-input");
  fireEvent.change(input, { target: { files: [new File(["jpg"], "face.jpg", { type: "image/jpeg" })] } });
  await screen.findByTestId("face-edit-preview");
}

async function saveMask() {
  fireEvent.click(screen.getByTestId("face-edit-mask"));
  fireEvent.click(within(await screen.findByTestId("mask-editor")).getByText("fake save"));
  await waitFor(() => expect(screen.getByTestId("face-edit-mask-state").dataset.saved).toBe("true"));
}

function statusAnswer(body: object): TRoute {
  return (url) => (url === "/api/image/status/job-1?source=face_edit" ? jsonResponse(200, body) : undefined);
}

beforeEach(() => {
  window.HTMLElement.prototype.scrollIntoView = vi.fn();
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the face edit page", () => {
  it("sends visitors to the login page and back", async () => {
    const { router } = renderPage(null);
    await screen.findByText("login page");
    expect(router.state.location.search).toBe("?next=%2Fen%2Fface-edit");
  });

  it("with too few credits says so on Run, not 'draw the area', and offers a top-up (issue 26)", async () => {
    renderPage(makeUser({ credits: 10 }));
    await screen.findByTestId("face-edit-gender");
    await uploadPhoto();
    expect(screen.getByTestId("face-edit-run-held").textContent).toBe("Not enough credits.");
    expect((screen.getByTestId("face-edit-run") as HTMLButtonElement).disabled).toBe(true);
    const note = screen.getByTestId("face-edit-credits-short");
    expect(note.textContent).toContain("you have 10");
    expect(screen.getByTestId("face-edit-credits-short-top-up").getAttribute("href")).toBe("/en/pricing");
  });

  it("keeps the gender and intensity as a draft, back after the page is opened again (issue 26)", async () => {
    const view = renderPage(makeUser());
    const gender = (await screen.findByTestId("face-edit-gender")) as HTMLSelectElement;
    await waitFor(() => expect(gender.value).toBe("female"));
    fireEvent.change(gender, { target: { value: "male" } });
    fireEvent.change(screen.getByTestId("face-edit-intensity"), { target: { value: "0.8" } });
    view.unmount();
    renderPage(makeUser());
    await waitFor(() =>
      expect((screen.getByTestId("face-edit-gender") as HTMLSelectElement).value).toBe("male"),
    );
    expect(screen.getByTestId("face-edit-intensity-value").textContent).toBe("0.8");
  });

  it("starts with female, intensity 0.5 announced as 50%, and asks for an image on Run", async () => {
    renderPage(makeUser());
    const gender = (await screen.findByTestId("face-edit-gender")) as HTMLSelectElement;
    expect(gender.value).toBe("female");
    const slider = screen.getByTestId("face-edit-intensity") as HTMLInputElement;
    expect(slider.getAttribute("aria-valuetext")).toBe("50%");
    expect([slider.min, slider.max, slider.step]).toEqual(["0", "1", "0.1"]);
    fireEvent.change(slider, { target: { value: "0.7" } });
    expect(slider.getAttribute("aria-valuetext")).toBe("70%");
    expect(screen.getByTestId("face-edit-intensity-value").textContent).toBe("0.7");
    expect(screen.getByTestId("face-edit-run-cost").textContent).toContain("85 credits");
    expect(screen.getByTestId("face-edit-run-held").textContent).toBe("Please upload an image");
    fireEvent.click(screen.getByTestId("face-edit-run"));
    expect((await screen.findByTestId("face-edit-alert")).textContent).toContain("Please upload an image");
    expect(await screen.findByTestId("face-edit-history-empty")).toBeTruthy();
  });

  it("asks for a saved mask before running, and uploads the mask as a private mask upload", async () => {
    const { calls } = renderPage(makeUser());
    await uploadPhoto();
    expect(screen.getByTestId("face-edit-run-held").textContent).toBe("Draw the area to change!");
    fireEvent.click(screen.getByTestId("face-edit-run"));
    expect((await screen.findByTestId("face-edit-alert")).textContent).toContain(
      "Please specify and save the mask first.",
    );
    fireEvent.click(screen.getByTestId("face-edit-alert-ok"));
    await saveMask();
    expect(screen.queryByTestId("mask-editor")).toBeNull();
    const upload = calls.find((call) => call.url === "/api/image/upload-s3?purpose=mask");
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(screen.getByTestId("face-edit-mask-overlay").dataset.color).toBe("blue");
  });

  it("turns Run off when the credits are below the cost", async () => {
    renderPage(makeUser({ credits: 84 }));
    await uploadPhoto();
    await saveMask();
    const run = screen.getByTestId("face-edit-run") as HTMLButtonElement;
    expect(run.disabled).toBe(true);
    expect(screen.getByTestId("face-edit-run-held").textContent).toBe("Not enough credits.");
  });

  it("runs with the spec's body, shows the overlay, then the comparison and the built-in engine's label", async () => {
    let answer: object = STATUS_RUNNING;
    let isDone = false;
    const { calls } = renderPage(makeUser(), (url) => {
      if (url === "/api/image/status/job-1?source=face_edit") return jsonResponse(200, answer);
      // The list asked for again after the job never answers here: only the local entry shows it.
      if (isDone && url.startsWith("/api/image/history/")) return new Promise<Response>(() => {});
      return undefined;
    });
    await uploadPhoto();
    fireEvent.change(screen.getByTestId("face-edit-gender"), { target: { value: "male" } });
    fireEvent.change(screen.getByTestId("face-edit-intensity"), { target: { value: "1" } });
    await saveMask();
    fireEvent.click(screen.getByTestId("face-edit-run"));
    expect(await screen.findByTestId("face-edit-processing")).toBeTruthy();
    const start = calls.find((call) => call.url === "/api/runpod-face-edit");
    expect(start?.body).toMatchObject({
      input: {
        image: "/files/in.jpg",
        mask: "/files/mask.png",
        resize_factor: 1,
        easy_value: 0.55,
        gender: "남성",
      },
    });
    expect(JSON.parse(window.localStorage.getItem(activeJobKey(7)) ?? "{}")).toMatchObject({
      jobId: "job-1",
    });
    expect((screen.getByTestId("face-edit-run") as HTMLButtonElement).disabled).toBe(true);
    // The flags did not say which engine runs: nothing is claimed before the result says.
    expect(screen.queryByTestId("face-edit-engine-note")).toBeNull();
    answer = {
      ...STATUS_RUNNING,
      status: "completed",
      imageUrl: "/files/out.jpg",
      images: ["/files/out.jpg"],
      engine: "builtin-reshape",
      facesFound: 1,
    };
    isDone = true;
    expect(await screen.findByTestId("face-edit-compare", {}, { timeout: 5000 })).toBeTruthy();
    const note = screen.getByTestId("face-edit-engine-note").textContent;
    expect(note).toContain("Reshapes the face inside the painted area");
    expect(note).toContain("needs a generative engine connected by the operator");
    expect(screen.getByTestId("face-edit-engine-direction").textContent).toContain(
      "Male: a wider, stronger jaw",
    );
    expect(screen.queryByTestId("face-edit-engine-no-face")).toBeNull();
    expect(window.localStorage.getItem(activeJobKey(7))).toBeNull();
    const entry = await screen.findByTestId("face-edit-history-item");
    expect(entry.dataset.status).toBe("completed");
  });

  it("describes the built-in engine before a run when the server uses it, for the chosen gender", async () => {
    renderPage(makeUser(), (url) =>
      url === "/api/feature/flags" ? jsonResponse(200, { faceEditEngine: "builtin" }) : undefined,
    );
    const note = await screen.findByTestId("face-edit-engine-note");
    expect(note.textContent).toContain("Built-in engine");
    expect(note.textContent).toContain("jaw line, eyes, nose and lips");
    expect(note.textContent).toContain("paint a little beyond the outline of the face");
    expect(screen.getByTestId("face-edit-engine-direction").textContent).toContain(
      "Female: a slimmer V-line jaw",
    );
    fireEvent.change(screen.getByTestId("face-edit-gender"), { target: { value: "male" } });
    expect(screen.getByTestId("face-edit-engine-direction").textContent).toContain(
      "Male: a wider, stronger jaw",
    );
  });

  it("says nothing about the built-in engine when a generative provider runs face edit", async () => {
    renderPage(makeUser(), (url) =>
      url === "/api/feature/flags" ? jsonResponse(200, { faceEditEngine: "runpod" }) : undefined,
    );
    await screen.findByTestId("face-edit-settings");
    await waitFor(() => expect(screen.queryByTestId("face-edit-engine-note")).toBeNull());
  });

  it("says when the painted area held no face and only the skin was smoothed", async () => {
    renderPage(
      makeUser(),
      statusAnswer({
        ...STATUS_RUNNING,
        status: "completed",
        imageUrl: "/files/out.jpg",
        images: ["/files/out.jpg"],
        engine: "builtin-reshape",
        facesFound: 0,
      }),
    );
    await uploadPhoto();
    await saveMask();
    fireEvent.click(screen.getByTestId("face-edit-run"));
    expect(await screen.findByTestId("face-edit-compare", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId("face-edit-engine-no-face").textContent).toContain(
      "No face was found in the painted area",
    );
  });

  it.each([
    ["FACE_EDIT_FAILED", "AI processing failed. Please try again."],
    ["UPLOAD_FAILED", "Processing failed. Check the image and mask and try again."],
    ["SOMETHING_ELSE", "An error occurred during processing."],
  ])("opens the 'Processing failed' modal for %s", async (code, sentence) => {
    renderPage(makeUser(), statusAnswer({ ...STATUS_RUNNING, status: "failed", code, error: "x" }));
    await uploadPhoto();
    await saveMask();
    fireEvent.click(screen.getByTestId("face-edit-run"));
    const modal = await screen.findByTestId("face-edit-error-modal", {}, { timeout: 5000 });
    expect(modal.textContent).toContain("Processing failed");
    expect(screen.getByTestId("face-edit-error-message").textContent).toBe(sentence);
  });

  it("names ComfyUI's cause under the modal's sentence (issue 25)", async () => {
    renderPage(
      makeUser(),
      statusAnswer({ ...STATUS_RUNNING, status: "failed", code: "COMFYUI_OUT_OF_MEMORY", error: "x" }),
    );
    await uploadPhoto();
    await saveMask();
    fireEvent.click(screen.getByTestId("face-edit-run"));
    await screen.findByTestId("face-edit-error-modal", {}, { timeout: 5000 });
    expect(screen.getByTestId("face-edit-error-message").textContent).toBe(
      "An error occurred during processing.",
    );
    expect(screen.getByTestId("face-edit-error-cause").textContent).toBe(
      "The image server's GPU ran out of memory on this job. Your credits were refunded; try a smaller picture or fewer images.",
    );
  });

  it("opens 'Login required' when the start answers 401, with Log in again", async () => {
    renderPage(makeUser(), (url) =>
      url === "/api/runpod-face-edit"
        ? jsonResponse(401, { success: false, error: "Login required", code: "AUTH_REQUIRED" })
        : undefined,
    );
    await uploadPhoto();
    await saveMask();
    fireEvent.click(screen.getByTestId("face-edit-run"));
    const modal = await screen.findByTestId("face-edit-login-modal");
    expect(modal.textContent).toContain("Login required");
    expect(screen.getByTestId("face-edit-login-modal-confirm").textContent).toBe("Log in again");
    expect(screen.queryByTestId("session-expired-modal")).toBeNull();
  });

  it("picks up the job it started after a reload", async () => {
    window.localStorage.setItem(
      activeJobKey(7),
      JSON.stringify({ jobId: "job-1", originalUrl: "/files/in.jpg" }),
    );
    renderPage(makeUser(), statusAnswer(STATUS_RUNNING));
    const overlay = await screen.findByTestId("face-edit-processing");
    expect(overlay.textContent).toContain("Picking up the job you started earlier");
    expect(screen.getByTestId("face-edit-cancel")).toBeTruthy();
    // The running job holds the button, not a missing upload: no "upload an image" hint.
    expect(screen.getByTestId("face-edit-run").getAttribute("title")).toBeNull();
    expect(screen.getByTestId("face-edit-run-held").textContent).not.toContain("upload");
  });

  it("goes from a history result opened before any upload back to the upload area (issue 26)", async () => {
    const item = tempHistoryItem("job-9", "/files/result.jpg", "/files/in.jpg");
    renderPage(makeUser(), (url) =>
      url.startsWith("/api/image/history/")
        ? jsonResponse(200, {
            success: true,
            images: [{ ...item, id: 9, prompt: null }],
            pagination: { hasMore: false, nextOffset: null },
          })
        : undefined,
    );
    fireEvent.click(await screen.findByTestId("face-edit-history-item"));
    await screen.findByTestId("face-edit-result");
    const back = screen.getByTestId("face-edit-back");
    expect(back.textContent).toContain("Upload a photo");
    fireEvent.click(back);
    expect(await screen.findByTestId("face-edit-file-input")).toBeTruthy();
    expect(screen.queryByTestId("face-edit-result")).toBeNull();
    await uploadPhoto();
  });
});
