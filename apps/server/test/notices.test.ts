import { readdirSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { XSS_CORPUS } from "./fixtures/xss-corpus.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { check, register } from "./helpers/http.ts";
import { uploadImage } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

/** A real 1×1 PNG, and a GIF and JPEG header: recognised by their bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>`);

interface Upload {
  name: string;
  bytes: Buffer;
  type?: string;
}

function noticeForm(fields: { title?: string; content?: string; pinned?: string }, files: Upload[] = []) {
  const form = new FormData();
  form.append("title", fields.title ?? "공지 제목");
  form.append("content", fields.content ?? "<p>본문</p>");
  form.append("pinned", fields.pinned ?? "");
  for (const file of files) {
    form.append(
      "files",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }),
      file.name,
    );
  }
  return form;
}

function imageForm(bytes: Buffer, name = "pasted.png") {
  const form = new FormData();
  form.append("image", new Blob([new Uint8Array(bytes)], { type: "image/png" }), name);
  return form;
}

async function createNotice(app: FastifyInstance, cookie: string, form: FormData) {
  return app.inject({ method: "POST", url: "/api/notices", headers: { cookie }, payload: form });
}

function storedFiles(t: TestApp): string[] {
  const root = path.join(t.config.dataDir, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/** The first account becomes the administrator (spec 01 §6); the second is a regular user. */
async function signUpAdminAndUser(app: FastifyInstance) {
  const adminAccount = await register(app, { name: "운영자" });
  const user = await register(app, { name: "Member" });
  expect((await check(app, adminAccount.cookie)).json().user.isAdmin).toBe(true);
  expect((await check(app, user.cookie)).json().user.isAdmin).toBe(false);
  return { adminCookie: adminAccount.cookie, userCookie: user.cookie };
}

describe.each(TEST_DATABASES)("notices on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("lets the administrator publish a notice with attachments that anyone can read", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const created = await createNotice(
      t.app,
      adminCookie,
      noticeForm({ title: "  서비스 점검 안내  ", content: "<p>점검합니다</p>", pinned: "1" }, [
        { name: "../../etc/passwd.png", bytes: PNG },
        { name: "배너.gif", bytes: GIF, type: "image/gif" },
      ]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    expect(created.json()).toEqual({ success: true, id: expect.any(Number) });

    const detail = await t.app.inject({ url: `/api/notices/${id}` });
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.notice).toMatchObject({
      id,
      title: "서비스 점검 안내",
      content: "<p>점검합니다</p>",
      pinned: true,
      author_name: "운영자",
    });
    expect(body.files.map((f: { file_name: string }) => f.file_name)).toEqual(["passwd.png", "배너.gif"]);

    // The user's file name never reaches the disk: keys are random hex under our own folder.
    const onDisk = storedFiles(t);
    expect(onDisk).toHaveLength(2);
    for (const file of onDisk) expect(file).toMatch(/^public[/\\]notices[/\\][a-f0-9]{32}\.(png|gif)$/);

    const download = await t.app.inject({ url: body.files[0].file_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("image/png");
    expect(download.headers["cache-control"]).toContain("max-age=31536000");
    // Stored as the server encoded it again, without metadata (issue 11): the same pixels.
    const [stored, sent] = await Promise.all(
      [download.rawPayload, PNG].map((bytes) => sharp(bytes).raw().toBuffer({ resolveWithObject: true })),
    );
    expect(stored!.info).toMatchObject({ format: "raw", width: 1, height: 1 });
    expect(stored!.data.equals(sent!.data)).toBe(true);
  });

  it("refuses writes from anyone but an administrator, on the server", async () => {
    t = await createTestApp({ database });
    const { adminCookie, userCookie } = await signUpAdminAndUser(t.app);
    const { id } = (await createNotice(t.app, adminCookie, noticeForm({}))).json();

    const attempts = [
      () => createNotice(t!.app, userCookie, noticeForm({})),
      () =>
        t!.app.inject({
          method: "PUT",
          url: `/api/notices/${id}`,
          headers: { cookie: userCookie },
          payload: { title: "x", content: "y", pinned: false },
        }),
      () => t!.app.inject({ method: "DELETE", url: `/api/notices/${id}`, headers: { cookie: userCookie } }),
      // POST /api/image/upload-s3 is open to every signed-in user since issue 4 (the tools'
      // uploads, private); a public notice picture (?purpose=notice) is the administrator's alone.
      () => uploadImage(t!.app, userCookie, PNG, "notice"),
    ];
    for (const attempt of attempts) {
      const response = await attempt();
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, code: "FORBIDDEN" });
    }
    // A visitor who is not signed in is asked to sign in first.
    const anonymous = await t.app.inject({ method: "DELETE", url: `/api/notices/${id}` });
    expect(anonymous.statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/notices/${id}` })).statusCode).toBe(200);
    expect(storedFiles(t)).toEqual([]);
  });

  it("refuses more than 5 attachments and anything that is not an image by its bytes, storing nothing", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
    const tooMany = await createNotice(t.app, adminCookie, noticeForm({}, six));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: "VALIDATION_ERROR", error: expect.stringContaining("5") });

    const disguised = [
      { name: "fake.png", bytes: Buffer.from("not really a png"), type: "image/png" },
      { name: "vector.svg", bytes: SVG, type: "image/svg+xml" },
    ];
    for (const file of disguised) {
      const response = await createNotice(
        t.app,
        adminCookie,
        noticeForm({}, [{ name: "ok.png", bytes: PNG }, file]),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/image/i);
    }
    const five = await createNotice(t.app, adminCookie, noticeForm({}, six.slice(0, 5)));
    expect(five.statusCode).toBe(200);
    expect(storedFiles(t)).toHaveLength(5);
    const list = (await t.app.inject({ url: "/api/notices" })).json();
    expect(list.items).toHaveLength(1);
  });

  it("answers 413 for an image over 10 MB, before keeping it", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const huge = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie },
      payload: imageForm(huge),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: "PAYLOAD_TOO_LARGE" });
    expect(storedFiles(t)).toEqual([]);
  });

  it("requires a title and content that are not blank", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    for (const fields of [{ title: "   " }, { content: "  \n " }, { content: "<script>x()</script>" }]) {
      const response = await createNotice(t.app, adminCookie, noticeForm(fields));
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_ERROR");
    }
  });

  it("pages 10 at a time with pinned notices first", async () => {
    t = await createTestApp({ database });
    await signUpAdminAndUser(t.app);
    const adminId = 1;
    for (let i = 1; i <= 23; i++) {
      await t.services.notices.create(
        { title: `notice ${i}`, content: `<p>${i}</p>`, pinned: i === 2 || i === 5 },
        [],
        adminId,
      );
    }
    const page1 = (await t.app.inject({ url: "/api/notices" })).json();
    expect(page1).toMatchObject({ success: true, page: 1, totalPages: 3 });
    expect(page1.items).toHaveLength(10);
    expect(page1.items.slice(0, 2).map((n: { title: string }) => n.title)).toEqual(["notice 5", "notice 2"]);
    expect(page1.items[2].title).toBe("notice 23");
    expect(page1.items[0]).toEqual({
      id: expect.any(Number),
      title: "notice 5",
      pinned: true,
      author_name: "운영자",
      created_at: expect.any(String),
    });
    expect(page1.items[0]).not.toHaveProperty("content");

    const page3 = (await t.app.inject({ url: "/api/notices?page=3" })).json();
    expect(page3.items.map((n: { title: string }) => n.title)).toEqual(["notice 4", "notice 3", "notice 1"]);
    const beyond = (await t.app.inject({ url: "/api/notices?page=9" })).json();
    expect(beyond).toMatchObject({ page: 9, totalPages: 3, items: [] });
    expect((await t.app.inject({ url: "/api/notices?page=0" })).statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/notices?page=abc" })).statusCode).toBe(400);
  });

  it("answers one page and no items while the board is empty", async () => {
    t = await createTestApp({ database });
    const list = (await t.app.inject({ url: "/api/notices" })).json();
    expect(list).toEqual({ success: true, items: [], page: 1, totalPages: 1 });
  });

  it("answers 404 with a message for a notice that does not exist", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const missing = await t.app.inject({ url: "/api/notices/9999" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, code: "NOT_FOUND", error: "Notice not found." });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/notices/9999",
      headers: { cookie: adminCookie },
      payload: { title: "t", content: "c", pinned: true },
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: "DELETE",
      url: "/api/notices/9999",
      headers: { cookie: adminCookie },
    });
    expect(del.statusCode).toBe(404);
    expect((await t.app.inject({ url: "/api/notices/abc" })).statusCode).toBe(400);
  });

  it("edits title, body and pin with JSON, sanitising the body again", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const { id } = (await createNotice(t.app, adminCookie, noticeForm({ pinned: "1" }))).json();
    const put = await t.app.inject({
      method: "PUT",
      url: `/api/notices/${id}`,
      headers: { cookie: adminCookie },
      payload: {
        title: "고친 제목",
        content: `<p onclick="x()">고친 본문</p><script>x()</script>`,
        pinned: false,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ success: true });
    const { notice } = (await t.app.inject({ url: `/api/notices/${id}` })).json();
    expect(notice).toMatchObject({ title: "고친 제목", content: "<p>고친 본문</p>", pinned: false });
  });

  it("stores every payload of the XSS corpus clean", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    for (const [index, payload] of XSS_CORPUS.entries()) {
      const created = await createNotice(
        t.app,
        adminCookie,
        noticeForm({ title: `xss ${index}`, content: payload }),
      );
      expect(created.statusCode, `${payload}: ${created.body}`).toBe(200);
      const { notice } = (await t.app.inject({ url: `/api/notices/${created.json().id}` })).json();
      const html: string = notice.content;
      expect(html, payload).not.toMatch(
        /<\s*(script|iframe|object|embed|svg|math|form|input|button|style|link|meta|base|template|video|audio|source|details|body|noscript)\b/i,
      );
      expect(html, payload).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html, payload).not.toMatch(/(javascript|vbscript|livescript)\s*:/i);
      expect(html, payload).not.toMatch(/data:(?!image\/(png|jpe?g|gif|webp);base64,)/i);
      expect(html, payload).not.toMatch(/display\s*:|opacity|position\s*:|\sclass=|\sid=|srcdoc/i);
      expect(html.length).toBeGreaterThan(0);
    }
  });

  it("keeps the formatting and images the editor produces", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const upload = await t.app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie },
      payload: imageForm(PNG),
    });
    const { imageUrl } = upload.json();
    const content = [
      `<h2>업데이트</h2>`,
      `<p><strong>굵게</strong> <em>기울임</em> <u>밑줄</u> <a href="https://gyeol.app/pricing" target="_blank">요금제</a></p>`,
      `<ul><li>하나</li><li>둘</li></ul>`,
      `<p style="color:#a63f62;text-align:center">가운데</p>`,
      `<p><img src="${imageUrl}" alt="pasted"></p>`,
    ].join("");
    const { id } = (await createNotice(t.app, adminCookie, noticeForm({ content }))).json();
    const html: string = (await t.app.inject({ url: `/api/notices/${id}` })).json().notice.content;
    expect(html).toContain("<h2>업데이트</h2>");
    expect(html).toContain("<strong>굵게</strong>");
    expect(html).toContain(
      `href="https://gyeol.app/pricing" target="_blank" rel="noopener noreferrer nofollow"`,
    );
    expect(html).toContain("<ul><li>하나</li><li>둘</li></ul>");
    expect(html).toContain(`style="color:#a63f62;text-align:center"`);
    expect(html).toContain(`<img src="${imageUrl}" alt="pasted"`);
  });

  it("turns a plain-text body into paragraphs", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const { id } = (
      await createNotice(t.app, adminCookie, noticeForm({ content: "첫 줄\n둘째 줄\n\n새 문단 & 끝" }))
    ).json();
    const html = (await t.app.inject({ url: `/api/notices/${id}` })).json().notice.content;
    expect(html).toBe("<p>첫 줄<br />둘째 줄</p>\n<p>새 문단 &amp; 끝</p>");
  });

  it("deletes a notice with its attachments and the inline images no other notice shows", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const uploadImage = async () =>
      (
        await t!.app.inject({
          method: "POST",
          url: "/api/image/upload-s3?purpose=notice",
          headers: { cookie: adminCookie },
          payload: imageForm(PNG),
        })
      ).json().imageUrl as string;
    const own = await uploadImage();
    const shared = await uploadImage();
    expect(own).toMatch(/^\/files\/public\/editor\/[a-f0-9]{32}\.png$/);

    const doomed = (
      await createNotice(
        t.app,
        adminCookie,
        noticeForm({ content: `<p><img src="${own}"><img src="${shared}"></p>` }, [
          { name: "a.png", bytes: PNG },
          { name: "b.gif", bytes: GIF, type: "image/gif" },
        ]),
      )
    ).json().id;
    await createNotice(t.app, adminCookie, noticeForm({ content: `<p>again <img src="${shared}"></p>` }));
    const attachments = (await t.app.inject({ url: `/api/notices/${doomed}` })).json().files;
    expect(storedFiles(t)).toHaveLength(4);

    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/notices/${doomed}`,
      headers: { cookie: adminCookie },
    });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ success: true });
    expect((await t.app.inject({ url: `/api/notices/${doomed}` })).statusCode).toBe(404);
    for (const file of attachments) expect((await t.app.inject({ url: file.file_url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: own })).statusCode).toBe(404);
    expect((await t.app.inject({ url: shared })).statusCode).toBe(200);
    expect(storedFiles(t)).toHaveLength(1);
  });

  it("an edit that takes an image out deletes it, unless another notice still shows it", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const uploadImage = async (bytes: Buffer, name: string) =>
      (
        await t!.app.inject({
          method: "POST",
          url: "/api/image/upload-s3?purpose=notice",
          headers: { cookie: adminCookie },
          payload: imageForm(bytes, name),
        })
      ).json().imageUrl as string;
    const dropped = await uploadImage(GIF, "dropped.gif");
    const shared = await uploadImage(GIF, "shared.gif");
    const kept = await uploadImage(GIF, "kept.gif");
    const id = (
      await createNotice(
        t.app,
        adminCookie,
        noticeForm({ content: `<p><img src="${dropped}"><img src="${shared}"><img src="${kept}"></p>` }),
      )
    ).json().id;
    await createNotice(t.app, adminCookie, noticeForm({ content: `<p>also <img src="${shared}"></p>` }));

    const edit = await t.app.inject({
      method: "PUT",
      url: `/api/notices/${id}`,
      headers: { cookie: adminCookie },
      payload: { title: "Edited", content: `<p>now only <img src="${kept}"></p>`, pinned: false },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await t.app.inject({ url: dropped })).statusCode).toBe(404);
    expect((await t.app.inject({ url: shared })).statusCode).toBe(200);
    expect((await t.app.inject({ url: kept })).statusCode).toBe(200);
  });

  it("uploads an editor image and refuses one that is not an image", async () => {
    t = await createTestApp({ database });
    const { adminCookie } = await signUpAdminAndUser(t.app);
    const ok = await t.app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie },
      payload: imageForm(GIF, "clip.gif"),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, imageUrl: expect.stringMatching(/\.gif$/) });
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie },
      payload: imageForm(SVG, "x.png"),
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie, "content-type": "application/json" },
      payload: {},
    });
    expect(none.statusCode).toBe(415);
  });
});
