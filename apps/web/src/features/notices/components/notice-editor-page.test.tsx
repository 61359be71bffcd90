/**
 * Issue 12: the notice editor shows the server's reason next to the field it is about, in the
 * page's language: a text file named .png is refused by its bytes on the server, and the reason
 * sits under the attachments.
 */
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../../lib/auth/test-users.ts";
import { en } from "../../../lib/i18n/en.ts";
import { i18n } from "../../../lib/i18n/i18n.ts";
import { ko } from "../../../lib/i18n/ko.ts";
import { jsonResponse, renderRoutes } from "../../../test/render-app.tsx";
import { NoticeEditorPage } from "./notice-editor-page.tsx";

const routes = [
  { path: "/notice/write", element: <NoticeEditorPage /> },
  { path: "/en/notice/write", element: <NoticeEditorPage /> },
];

beforeEach(() => {
  // jsdom has no object URLs; the attachment thumbnails only need a string.
  URL.createObjectURL = vi.fn(() => "blob:thumbnail");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function refusal(...issues: Array<{ path: string; reason: string; maximum?: number; origin?: string }>) {
  return jsonResponse(400, {
    success: false,
    code: "VALIDATION_ERROR",
    error: "files: Only image files (JPEG, PNG, GIF, WebP) can be attached.",
    details: { issues: issues.map((issue) => ({ location: "body", message: "server English", ...issue })) },
  });
}

function fillNotice(title: string, content: string) {
  fireEvent.change(screen.getByTestId("notice-title-input"), { target: { value: title } });
  fireEvent.change(screen.getByTestId("notice-content-input"), { target: { value: content } });
}

describe.each([
  { lng: "ko", prefix: "", strings: ko },
  { lng: "en", prefix: "/en", strings: en },
] as const)("the notice editor's field errors ($lng)", ({ lng, prefix, strings }) => {
  it("shows why a text file named .png was refused under the attachments", async () => {
    window.localStorage.setItem("locale", lng);
    await i18n.changeLanguage(lng);
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) =>
      String(input) === "/api/notices"
        ? refusal({ path: "files", reason: "not_image" })
        : jsonResponse(404, {}),
    );
    renderRoutes(routes, { path: `${prefix}/notice/write`, user: makeUser({ isAdmin: true }), fetchImpl });
    fillNotice("Notice", "<p>Body</p>");
    // The browser types a file by its name, so the page itself takes it for a PNG.
    const fake = new File(["just some text"], "photo.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("notice-file-input"), { target: { files: [fake] } });
    expect(await screen.findByTestId("notice-attachment")).toBeTruthy();
    fireEvent.click(screen.getByTestId("notice-submit"));

    const error = await screen.findByTestId("notice-files-error");
    expect(error.textContent).toBe(strings.errors.validation.notImage);
    const dropzone = screen.getByTestId("notice-dropzone");
    expect(dropzone.getAttribute("aria-invalid")).toBe("true");
    expect(dropzone.getAttribute("aria-describedby")?.split(" ")).toContain(error.id);
    expect(screen.queryByTestId("notice-form-error")).toBeNull();
    expect(document.body.textContent).not.toContain("server English");
  });
});

describe("the notice editor's other field errors", () => {
  it("puts a content that sanitises to nothing under the content, and asks for an empty title there", async () => {
    const fetchImpl = vi.fn(async () => refusal({ path: "content", reason: "empty_content" }));
    renderRoutes(routes, { path: "/en/notice/write", user: makeUser({ isAdmin: true }), fetchImpl });
    fillNotice("   ", "<script>alert(1)</script>");
    fireEvent.click(screen.getByTestId("notice-submit"));
    const title = screen.getByTestId("notice-title-input");
    await waitFor(() => expect(title.getAttribute("aria-invalid")).toBe("true"));
    expect(fetchImpl).not.toHaveBeenCalled();

    fillNotice("Notice", "<script>alert(1)</script>");
    fireEvent.click(screen.getByTestId("notice-submit"));
    const content = screen.getByTestId("notice-content-input");
    await waitFor(() => expect(content.getAttribute("aria-invalid")).toBe("true"));
    const describedBy = content.getAttribute("aria-describedby")?.split(" ") ?? [];
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain(en.errors.validation.emptyContent);
  });
});
