/**
 * POST /api/image/presign-download and GET /api/image/download hand out only files that exist
 * and that the caller may read (issue 11): their own checked upload or one of their images. A key
 * nobody stored, a row whose file is gone, someone else's file and someone else's public picture
 * all answer the same 404, so the answers never tell which keys exist. The same rule holds for
 * every route that takes an image URL (regions, the retouch input).
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { allowAll, makeJpeg, signUp, startRetouch, uploadImage, upscaleInput } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

describe.each(TEST_DATABASES)("image downloads on $name", (database) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp({ database, drivers: { moderation: allowAll } });
  });
  afterEach(async () => {
    await t.close();
  });

  function presign(cookie: string, url: string) {
    return t.app.inject({
      method: "POST",
      url: "/api/image/presign-download",
      headers: { cookie },
      payload: { url },
    });
  }

  function download(cookie: string, url: string) {
    return t.app.inject({ url: `/api/image/download?url=${encodeURIComponent(url)}`, headers: { cookie } });
  }

  /** Both download routes answer 404 NOT_FOUND with the same sentence. */
  async function expectNotFound(cookie: string, url: string) {
    for (const response of [await presign(cookie, url), await download(cookie, url)]) {
      expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
      expect(response.json()).toEqual({ success: false, code: "NOT_FOUND", error: "Image not found." });
    }
  }

  it("signs a link to the caller's own stored upload, and the link serves it", async () => {
    await signUp(t.app);
    const member = await signUp(t.app);
    const { imageUrl } = (await uploadImage(t.app, member.cookie, await makeJpeg())).json();
    const signed = await presign(member.cookie, imageUrl);
    expect(signed.statusCode, signed.body).toBe(200);
    const file = await t.app.inject({ url: signed.json().downloadUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${signed.json().filename}"`);
    expect((await download(member.cookie, imageUrl)).statusCode).toBe(200);
  });

  it("refuses keys that have no file behind them, public or private", async () => {
    const admin = await signUp(t.app);
    const member = await signUp(t.app);
    const never = randomBytes(16).toString("hex");
    for (const cookie of [admin.cookie, member.cookie]) {
      await expectNotFound(cookie, `/files/public/notices/${never}.png`);
      await expectNotFound(cookie, `/files/public/editor/${never}.jpg`);
      await expectNotFound(cookie, `/files/private/uploads/${member.body.id}/${never}.jpg`);
      await expectNotFound(cookie, `/files/private/results/${member.body.id}/${never}.jpg`);
    }
  });

  it("refuses the caller's own upload once its file is gone", async () => {
    await signUp(t.app);
    const member = await signUp(t.app);
    const { imageUrl } = (await uploadImage(t.app, member.cookie, await makeJpeg())).json();
    const key = t.services.storage.keyFromUrl(imageUrl)!;
    await t.services.storage.delete(key);
    expect(await t.services.store.images.findUpload(key)).toBeDefined();
    await expectNotFound(member.cookie, imageUrl);
  });

  it("refuses other people's files, public ones included, as if they did not exist", async () => {
    const admin = await signUp(t.app);
    const member = await signUp(t.app);
    const other = await signUp(t.app);
    // The administrator's notice pictures are public: a JPEG (a tool upload too) and a GIF.
    const editorJpeg = (await uploadImage(t.app, admin.cookie, await makeJpeg(), "notice")).json().imageUrl;
    expect(editorJpeg).toMatch(/^\/files\/public\//);
    const noticeGif = t.services.storage.publicUrl(
      await t.services.storage.put({
        visibility: "public",
        folder: "notices",
        extension: "gif",
        contentType: "image/gif",
        bytes: GIF,
      }),
    );
    const othersUpload = (await uploadImage(t.app, other.cookie, await makeJpeg())).json().imageUrl;

    for (const url of [editorJpeg, noticeGif, othersUpload]) await expectNotFound(member.cookie, url);
    // Its owner still gets the administrator's own upload.
    expect((await presign(admin.cookie, editorJpeg)).statusCode).toBe(200);

    // The same rule for every route that takes an image URL: no analysis of (and no overlay
    // written onto) someone else's picture, no job on it, no credits taken.
    const regions = await t.app.inject({
      method: "POST",
      url: "/api/image/regions",
      headers: { cookie: member.cookie },
      payload: { imageUrl: editorJpeg },
    });
    expect(regions.statusCode, regions.body).toBe(404);
    const editorKey = t.services.storage.keyFromUrl(editorJpeg)!;
    expect((await t.services.store.images.findUpload(editorKey))?.overlay_key).toBeNull();
    await t.services.credits.grant(member.body.id, { amount: 80, reason: "test", idempotencyKey: "g" });
    const stolen = await startRetouch(t.app, member.cookie, upscaleInput(editorJpeg));
    expect(stolen.statusCode, stolen.body).toBe(404);
    expect((await t.services.credits.balances(member.body.id)).total).toBe(80);
  });
});
