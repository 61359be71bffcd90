/**
 * Hostile images (issue 11). Notice pictures (attachments and the editor's uploads) are checked
 * like tool uploads: type by the bytes, pixel limit from the header before anything is decoded,
 * then decoded and encoded again without their metadata. Tool uploads must be an image the engine
 * can process (packages/shared retouch.ts ENGINE_*): refused at upload, presigned or not, and again
 * when a job starts, before it is charged.
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { ENGINE_MAX_ASPECT_RATIO, ENGINE_MAX_INPUT_PIXELS, ENGINE_MIN_SIDE_PX } from "@gyeol/shared/retouch";
import { pngHeaderOnly } from "@gyeol/shared/test-support/png";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import {
  allowAll,
  createFakeEngine,
  imageForm,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
} from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const BOMB = pngHeaderOnly(100_000, 100_000);
const SVG = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>`);
const HTML = Buffer.from(`<!doctype html><html><body><script>alert(document.cookie)</script></body></html>`);

async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: { width: 400, height: 300, channels: 3, background: { r: 90, g: 140, b: 200 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** A phone photo: stored sideways with EXIF orientation 6 and the author's name in its metadata. */
async function phoneJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 90, b: 60 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Artist: "Secret Person", Copyright: "GPS 37.5665 N" } })
    .toBuffer();
}

function storedFiles(t: TestApp): string[] {
  try {
    return readdirSync(path.join(t.config.dataDir, "files"), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) =>
        path.relative(path.join(t.config.dataDir, "files"), path.join(entry.parentPath, entry.name)),
      );
  } catch {
    return [];
  }
}

function noticeForm(files: Array<{ name: string; bytes: Buffer; type?: string }>) {
  const form = new FormData();
  form.append("title", "공지");
  form.append("content", "<p>본문</p>");
  form.append("pinned", "");
  for (const file of files)
    form.append(
      "files",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/png" }),
      file.name,
    );
  return form;
}

function postNotice(app: FastifyInstance, cookie: string, form: FormData) {
  return app.inject({ method: "POST", url: "/api/notices", headers: { cookie }, payload: form });
}

describe.each(TEST_DATABASES)("hostile images on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setUp() {
    t = await createTestApp({
      database,
      drivers: { moderation: allowAll, retouchEngine: createFakeEngine() },
    });
    const admin = await register(t.app, { name: "운영자" });
    return { app: t.app, adminCookie: admin.cookie, adminId: admin.body.id as number };
  }

  async function userWithCredits(credits: number) {
    const { cookie, body } = await signUp(t!.app);
    if (credits > 0) {
      await t!.services.credits.grant(body.id, {
        amount: credits,
        reason: "test",
        idempotencyKey: `t:${body.id}`,
      });
    }
    return { cookie, id: body.id as number };
  }

  const balanceOf = async (userId: number) => (await t!.services.credits.balances(userId)).total;
  const historyOf = async (cookie: string, userId: number) =>
    (await t!.app.inject({ url: `/api/image/history/${userId}`, headers: { cookie } })).json().images;

  it("refuses a pixel bomb, a truncated JPEG and SVG or HTML named .png as notice attachments, storing nothing", async () => {
    const { app, adminCookie } = await setUp();
    const good = {
      name: "ok.png",
      bytes: await sharp(await makeJpeg())
        .png()
        .toBuffer(),
    };
    const cases = [
      { file: { name: "bomb.png", bytes: BOMB }, code: "IMAGE_TOO_LARGE" },
      { file: { name: "cut.jpg", bytes: await truncatedJpeg(), type: "image/jpeg" }, code: "INVALID_IMAGE" },
      { file: { name: "vector.png", bytes: SVG }, code: "VALIDATION_ERROR" },
      { file: { name: "page.png", bytes: HTML }, code: "VALIDATION_ERROR" },
    ];
    for (const { file, code } of cases) {
      const response = await postNotice(app, adminCookie, noticeForm([good, file]));
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(400);
      expect(response.json().code, file.name).toBe(code);
    }
    expect((await app.inject({ url: "/api/notices" })).json().items).toEqual([]);
    expect(storedFiles(t!)).toEqual([]);
  });

  it("refuses the same files from the notice editor's image upload, storing nothing", async () => {
    const { app, adminCookie } = await setUp();
    const cases = [
      { bytes: BOMB, code: "IMAGE_TOO_LARGE" },
      { bytes: await truncatedJpeg(), code: "INVALID_IMAGE" },
      { bytes: SVG, code: "VALIDATION_ERROR" },
      { bytes: HTML, code: "VALIDATION_ERROR" },
    ];
    for (const { bytes, code } of cases) {
      const response = await app.inject({
        method: "POST",
        url: "/api/image/upload-s3?purpose=notice",
        headers: { cookie: adminCookie },
        payload: imageForm(bytes, "pasted.png", "image/png"),
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe(code);
    }
    expect(storedFiles(t!)).toEqual([]);
  });

  it("stores notice pictures decoded and encoded again: upright, without their metadata", async () => {
    const { app, adminCookie } = await setUp();
    const photo = await phoneJpeg();
    const created = await postNotice(
      app,
      adminCookie,
      noticeForm([{ name: "phone.jpg", bytes: photo, type: "image/jpeg" }]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const detail = (await app.inject({ url: `/api/notices/${created.json().id}` })).json();
    const editor = await app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie },
      payload: imageForm(photo, "phone.jpg", "image/jpeg"),
    });
    expect(editor.statusCode, editor.body).toBe(200);
    expect(editor.json()).toMatchObject({ width: 80, height: 120 });

    for (const url of [detail.files[0].file_url as string, editor.json().imageUrl as string]) {
      const stored = (await app.inject({ url })).rawPayload;
      expect(stored.includes(Buffer.from("Secret Person"))).toBe(false);
      const meta = await sharp(stored).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 80, height: 120 });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(detail.files[0].size).toBe(
      (await app.inject({ url: detail.files[0].file_url })).rawPayload.length,
    );
  });

  it("keeps an animated GIF animated", async () => {
    const { app, adminCookie } = await setUp();
    const frames = await Promise.all(
      ["red", "blue", "green"].map((background) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const created = await postNotice(
      app,
      adminCookie,
      noticeForm([{ name: "clip.gif", bytes: gif, type: "image/gif" }]),
    );
    expect(created.statusCode, created.body).toBe(200);
    const detail = (await app.inject({ url: `/api/notices/${created.json().id}` })).json();
    const stored = (await app.inject({ url: detail.files[0].file_url })).rawPayload;
    expect(await sharp(stored).metadata()).toMatchObject({ format: "gif", width: 40, height: 30, pages: 3 });
  });

  it("refuses tool uploads the engine cannot process, from the header, storing nothing", async () => {
    await setUp();
    const user = await userWithCredits(0);
    const cases: Array<[Buffer, string]> = [
      [pngHeaderOnly(20_000, 2), "IMAGE_TOO_SMALL"],
      [pngHeaderOnly(ENGINE_MIN_SIDE_PX - 1, 500), "IMAGE_TOO_SMALL"],
      [
        pngHeaderOnly(ENGINE_MIN_SIDE_PX * ENGINE_MAX_ASPECT_RATIO + 1, ENGINE_MIN_SIDE_PX),
        "IMAGE_ASPECT_RATIO_UNSUPPORTED",
      ],
      // 49 MP (the job that took 2 GB) and 4096×4097: refused before decoding, so a header with no
      // pixels behind it is refused as too large, not as unreadable.
      [pngHeaderOnly(7000, 7000), "IMAGE_TOO_LARGE"],
      [pngHeaderOnly(4096, 4097), "IMAGE_TOO_LARGE"],
    ];
    for (const [bytes, code] of cases) {
      const response = await uploadImage(t!.app, user.cookie, bytes);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code });
    }
    expect(storedFiles(t!)).toEqual([]);
  });

  it("takes the largest and the most elongated images the engine processes", async () => {
    await setUp();
    const user = await userWithCredits(1000);
    const side = Math.sqrt(ENGINE_MAX_INPUT_PIXELS);
    for (const [width, height] of [
      [side, side],
      [ENGINE_MIN_SIDE_PX * ENGINE_MAX_ASPECT_RATIO, ENGINE_MIN_SIDE_PX],
    ] as const) {
      const response = await uploadImage(t!.app, user.cookie, await makeJpeg(width, height));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ width, height });
      const start = await startRetouch(t!.app, user.cookie, upscaleInput(response.json().imageUrl));
      expect(start.statusCode, start.body).toBe(200);
    }
  });

  it("refuses a presigned upload the engine cannot process at confirm, deleting it", async () => {
    await setUp();
    const user = await userWithCredits(0);
    const bytes = await makeJpeg(2000, 100);
    const presign = await t!.app.inject({
      method: "POST",
      url: "/api/image/presign-upload",
      headers: { cookie: user.cookie },
      payload: {
        filename: "strip.jpg",
        mime: "image/jpeg",
        contentLength: bytes.length,
        checksumSha256: createHash("sha256").update(bytes).digest("hex"),
      },
    });
    expect(presign.statusCode, presign.body).toBe(200);
    const { url, key, requiredHeaders } = presign.json();
    const put = await t!.app.inject({ method: "PUT", url, headers: requiredHeaders, payload: bytes });
    expect(put.statusCode, put.body).toBe(200);
    const confirm = await t!.app.inject({
      method: "POST",
      url: "/api/image/confirm-upload",
      headers: { cookie: user.cookie },
      payload: { key },
    });
    expect(confirm.statusCode, confirm.body).toBe(400);
    expect(confirm.json().code).toBe("IMAGE_ASPECT_RATIO_UNSUPPORTED");
    expect(storedFiles(t!)).toEqual([]);
    expect(await t!.services.store.images.findUpload(key)).toBeUndefined();
  });

  it("refuses, before charging, a job on an image stored before the rule or through the notice editor", async () => {
    const { app, adminCookie, adminId } = await setUp();
    // The 20000×2 image that was charged 975 credits, failed in the engine and was refunded, and
    // the 49 MP one: upload rows from before the engine's limits were checked at upload.
    const user = await userWithCredits(2000);
    for (const [width, height, code] of [
      [20_000, 2, "IMAGE_TOO_SMALL"],
      [7000, 7000, "IMAGE_TOO_LARGE"],
    ] as const) {
      const key = await t!.services.storage.put({
        visibility: "private",
        folder: `uploads/${user.id}`,
        extension: "jpg",
        contentType: "image/jpeg",
        bytes: await makeJpeg(),
      });
      await t!.services.store.images.insertUpload({
        key,
        user_id: user.id,
        status: "ready",
        mime: "image/jpeg",
        size: 1000,
        checksum_sha256: null,
        width,
        height,
        created_at: new Date().toISOString(),
      });
      const imageUrl = await t!.services.images.urlOf(key);
      const start = await startRetouch(app, user.cookie, upscaleInput(imageUrl!, { width, height }));
      expect(start.statusCode, start.body).toBe(400);
      expect(start.json().code).toBe(code);
    }
    expect(await balanceOf(user.id)).toBe(2000);
    expect(await historyOf(user.cookie, user.id)).toEqual([]);

    // A banner is a fine notice picture and no portrait: the editor takes it, the retouch does not.
    await t!.services.credits.grant(adminId, { amount: 500, reason: "test", idempotencyKey: "admin" });
    const banner = await app.inject({
      method: "POST",
      url: "/api/image/upload-s3?purpose=notice",
      headers: { cookie: adminCookie },
      payload: imageForm(await makeJpeg(2000, 100), "banner.jpg"),
    });
    expect(banner.statusCode, banner.body).toBe(200);
    const start = await startRetouch(app, adminCookie, upscaleInput(banner.json().imageUrl));
    expect(start.statusCode, start.body).toBe(400);
    expect(start.json().code).toBe("IMAGE_ASPECT_RATIO_UNSUPPORTED");
    expect(await balanceOf(adminId)).toBe(500);
  });
});
