/**
 * Tool uploads are decided by their bytes, at upload (issue 12): a WebP or AVIF (often saved with a
 * .jpg name) becomes a JPEG, upright and without its metadata, so the job can start; a GIF or any
 * other format is refused at once with the spec's "only jpg and png" message, storing nothing.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { allowAll, imageForm, signUp, startRetouch, upscaleInput } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

/** A 120×160 portrait-shaped photo saved sideways with EXIF orientation 6 and a camera tag. */
function sideways() {
  return sharp({
    create: { width: 160, height: 120, channels: 3, background: { r: 200, g: 150, b: 120 } },
  }).withMetadata({ orientation: 6, exif: { IFD0: { Make: "Secret Camera" } } });
}

describe.each(TEST_DATABASES)("tool upload formats on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const upload = (cookie: string, bytes: Buffer, name: string, type = "image/jpeg") =>
    t!.app.inject({
      method: "POST",
      url: "/api/image/upload-s3",
      headers: { cookie },
      payload: imageForm(bytes, name, type),
    });

  it("turns a WebP or an AVIF named .jpg into an upright JPEG without metadata, and the job starts", async () => {
    t = await createTestApp({ database, drivers: { moderation: allowAll } });
    const user = await signUp(t.app);
    await t.services.credits.grant(user.body.id, { amount: 1000, reason: "test", idempotencyKey: "formats" });
    const variants = {
      webp: await sideways().webp({ quality: 90 }).toBuffer(),
      avif: await sideways().avif({ quality: 60 }).toBuffer(),
    };
    for (const [format, bytes] of Object.entries(variants)) {
      const response = await upload(user.cookie, bytes, "portrait.jpg");
      expect(response.statusCode, `${format}: ${response.body}`).toBe(200);
      const { imageUrl, width, height } = response.json();
      expect({ width, height }).toEqual({ width: 120, height: 160 });
      const stored = await t.services.storage.get(t.services.storage.keyFromUrl(imageUrl)!);
      const meta = await sharp(stored!).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 120, height: 160 });
      expect(meta.exif).toBeUndefined();
      expect(stored!.includes(Buffer.from("Secret Camera"))).toBe(false);
      const start = await startRetouch(t.app, user.cookie, upscaleInput(imageUrl, { width, height }));
      expect(start.statusCode, `${format}: ${start.body}`).toBe(200);
    }
  });

  it("refuses a GIF named .jpg at once with the spec's message, storing nothing", async () => {
    t = await createTestApp({ database, drivers: { moderation: allowAll } });
    const user = await signUp(t.app);
    const gif = await sharp({ create: { width: 120, height: 160, channels: 3, background: "#c96" } })
      .gif()
      .toBuffer();
    const response = await upload(user.cookie, gif, "portrait.jpg");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "UNSUPPORTED_IMAGE_TYPE",
      error: "Only JPG and PNG images can be uploaded.",
    });
    const root = path.join(t.config.dataDir, "files");
    const stored = existsSync(root)
      ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile())
      : [];
    expect(stored).toEqual([]);
  });
});
