/**
 * Control characters in text (issue 11): NUL made PostgreSQL fail the insert with a 500. Every
 * string of every request contract refuses it, the other C0/C1 controls and lone surrogates with
 * 400 VALIDATION_ERROR naming the field (packages/shared contracts/text.ts), on both databases,
 * and nothing is written. Multi-line text keeps tabs and line breaks; an upload's file name is
 * kept without them.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register, uniqueEmail } from "./helpers/http.ts";
import {
  allowAll,
  createFakeEngine,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** NUL first (the 500), then the other kinds the rule refuses: C0, C1, a lone surrogate. */
const HOSTILE = ["\u0000", "\u001b", "\u0085", "\ud800"];

function noticeForm(fields: { title?: string; content?: string }, fileName?: string) {
  const form = new FormData();
  form.append("title", fields.title ?? "공지");
  form.append("content", fields.content ?? "<p>본문</p>");
  form.append("pinned", "");
  if (fileName) form.append("files", new Blob([new Uint8Array(PNG)], { type: "image/png" }), fileName);
  return form;
}

function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, "files"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/** 400 VALIDATION_ERROR whose issues name `field` (where it was) with the control-character reason. */
function expectRefused(response: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json() as {
    code: string;
    details?: { issues?: Array<{ path: string; message: string }> };
  };
  expect(body.code).toBe("VALIDATION_ERROR");
  expect(body.details?.issues?.map((issue) => issue.path)).toContain(field);
}

describe.each(TEST_DATABASES)("control characters in requests on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function adminApp() {
    t = await createTestApp({
      database,
      drivers: { moderation: allowAll, retouchEngine: createFakeEngine() },
    });
    const admin = await register(t.app, { name: "운영자" });
    return { app: t.app, adminCookie: admin.cookie };
  }

  it("refuses a sign-up whose name or e-mail holds them, creating no account", async () => {
    const { app } = await adminApp();
    for (const char of HOSTILE) {
      const email = uniqueEmail("nul");
      const response = await app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: `Kim${char}Gyeol`, email, password: "correct horse battery", ageConfirmed: true },
      });
      expectRefused(response, "name");
      expect(await t!.services.users.findByEmail(email)).toBeUndefined();
    }
    const login = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email: "a@example.com", password: "pass\u0000word" },
    });
    expectRefused(login, "password");
    expect((await t!.services.users.list()).length).toBe(1);
  });

  it("refuses a notice whose title or content holds them, storing no notice and no file", async () => {
    const { app, adminCookie } = await adminApp();
    // A form's text travels as UTF-8, which has no lone surrogate (it arrives as U+FFFD).
    for (const char of HOSTILE.filter((c) => c !== "\ud800")) {
      for (const [field, form] of [
        ["title", noticeForm({ title: `점검${char}안내` }, "ok.png")],
        ["content", noticeForm({ content: `<p>본문${char}</p>` }, "ok.png")],
      ] as const) {
        const response = await app.inject({
          method: "POST",
          url: "/api/notices",
          headers: { cookie: adminCookie },
          payload: form,
        });
        expectRefused(response, field);
      }
    }
    expect((await app.inject({ url: "/api/notices" })).json().items).toEqual([]);
    expect(storedFiles(t!)).toEqual([]);
  });

  it("keeps tabs and line breaks in a notice body, and refuses a line break in its title", async () => {
    const { app, adminCookie } = await adminApp();
    const created = await app.inject({
      method: "POST",
      url: "/api/notices",
      headers: { cookie: adminCookie },
      payload: noticeForm({ content: "<p>첫 줄</p>\r\n\t<p>둘째 줄</p>" }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const notice = (await app.inject({ url: `/api/notices/${id}` })).json().notice;
    expect(notice.content).toContain("첫 줄");
    expect(notice.content).toContain("둘째 줄");

    const twoLineTitle = await app.inject({
      method: "PUT",
      url: `/api/notices/${id}`,
      headers: { cookie: adminCookie },
      payload: { title: "첫 줄\n둘째 줄", content: "<p>본문</p>", pinned: false },
    });
    expectRefused(twoLineTitle, "title");
  });

  it("refuses an edit whose title or content holds them, leaving the notice as it was", async () => {
    const { app, adminCookie } = await adminApp();
    const { id } = (
      await app.inject({
        method: "POST",
        url: "/api/notices",
        headers: { cookie: adminCookie },
        payload: noticeForm({ title: "원래 제목", content: "<p>원래 본문</p>" }),
      })
    ).json();
    for (const char of HOSTILE) {
      for (const [field, payload] of [
        ["title", { title: `새${char}제목`, content: "<p>새 본문</p>", pinned: true }],
        ["content", { title: "새 제목", content: `<p>새${char}본문</p>`, pinned: true }],
      ] as const) {
        const response = await app.inject({
          method: "PUT",
          url: `/api/notices/${id}`,
          headers: { cookie: adminCookie },
          payload,
        });
        expectRefused(response, field);
      }
    }
    const notice = (await app.inject({ url: `/api/notices/${id}` })).json().notice;
    expect(notice).toMatchObject({ title: "원래 제목", content: "<p>원래 본문</p>", pinned: false });
  });

  it("keeps an attachment's name without them (the name is shown, never a path)", async () => {
    const { app, adminCookie } = await adminApp();
    const created = await app.inject({
      method: "POST",
      url: "/api/notices",
      headers: { cookie: adminCookie },
      payload: noticeForm({}, "배\u0085너\u0001.png"),
    });
    expect(created.statusCode, created.body).toBe(200);
    const detail = (await app.inject({ url: `/api/notices/${created.json().id}` })).json();
    expect(detail.files.map((file: { file_name: string }) => file.file_name)).toEqual(["배너.png"]);
  });

  it("refuses them in the confirm-upload key, the history search and the retouch prompt, charging nothing", async () => {
    const { app } = await adminApp();
    const { cookie, body } = await signUp(app);
    const userId = body.id;
    await t!.services.credits.grant(userId, { amount: 500, reason: "test", idempotencyKey: `t:${userId}` });
    const uploaded = await uploadImage(app, cookie, await makeJpeg());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const imageUrl = uploaded.json().imageUrl as string;

    for (const char of HOSTILE) {
      const confirm = await app.inject({
        method: "POST",
        url: "/api/image/confirm-upload",
        headers: { cookie },
        payload: { key: `private/uploads/${userId}/abc${char}.png` },
      });
      expectRefused(confirm, "key");

      // A URL cannot carry a lone surrogate (its UTF-8 does not exist); the controls it can.
      if (char !== "\ud800") {
        const history = await app.inject({
          method: "GET",
          url: `/api/image/history/${userId}?q=${encodeURIComponent(`portrait${char}`)}`,
          headers: { cookie },
        });
        expectRefused(history, "q");
      }

      const start = await startRetouch(app, cookie, upscaleInput(imageUrl, { prompt: `portrait${char}` }));
      expectRefused(start, "input.prompt");
    }
    // A prompt over several lines is still fine.
    const ok = await startRetouch(app, cookie, upscaleInput(imageUrl, { prompt: "portrait,\n\tsoft light" }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t!.services.credits.balances(userId)).total).toBe(500 - ok.json().cost);
    const images = (
      await app.inject({ method: "GET", url: `/api/image/history/${userId}`, headers: { cookie } })
    ).json().images;
    expect(images).toHaveLength(1);
  });
});
