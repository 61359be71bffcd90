/**
 * Issue 26, one mask pipeline: a presigned upload announced with kind "mask" is stored as the
 * multipart purpose=mask path stores it (a one-channel PNG, white where painted, under the masks
 * folder), an empty one is refused with MASK_REQUIRED and taken back, and the photo classifier is
 * never asked about a mask.
 */
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { ModerationDriver } from "../src/drivers/engines/moderation.ts";
import { makeMaskPng, presignedUpload } from "./helpers/face-edit.ts";
import { blockAll, makeJpeg, signUp } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Refuses every picture and counts how often it was asked. */
function countingBlocker() {
  const driver: ModerationDriver & { calls: number } = {
    calls: 0,
    async classify(bytes) {
      driver.calls += 1;
      return blockAll.classify(bytes);
    },
  };
  return driver;
}

describe("presigned masks (kind mask)", () => {
  it("are kept as one-channel PNGs under the masks folder, without the photo classifier", async () => {
    const moderation = countingBlocker();
    t = await createTestApp({ drivers: { moderation } });
    await signUp(t.app); // the administrator
    const { cookie, body } = await signUp(t.app);
    // An RGB mask as a browser might send it: the classifier (which refuses everything here) is
    // not asked, and what is kept is what the engines read.
    const { key, confirm } = await presignedUpload(t.app, cookie, await makeMaskPng(120, 90), "mask");
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({ success: true, width: 120, height: 90, key });
    expect(key.startsWith(`private/uploads/${body.id}/masks/`)).toBe(true);
    expect(moderation.calls).toBe(0);
    const stored = await t.services.storage.get(key);
    expect(await sharp(stored!).metadata()).toMatchObject({ format: "png", channels: 1 });
    const { data, info } = await sharp(stored!).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 120, height: 90 });
    expect(new Set(data)).toEqual(new Set([0, 255]));
    expect(data[45 * 120 + 60]).toBe(255); // the painted middle
    expect(data[0]).toBe(0);
    const row = await t.services.store.images.findUpload(key);
    expect(row).toMatchObject({ status: "ready", mime: "image/png", size: stored!.length, width: 120 });
    // A second confirm answers the same without reading the file again.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/image/confirm-upload",
      headers: { cookie },
      payload: { key },
    });
    expect(again.json()).toMatchObject({ success: true, key, width: 120, height: 90 });

    // The same classifier refuses a photo presigned as a tool input: masks skip it, photos do not.
    const photo = await presignedUpload(t.app, cookie, await makeJpeg(200, 200), "input", "image/jpeg");
    expect(photo.confirm.statusCode).toBe(400);
    expect(moderation.calls).toBeGreaterThan(0);
    expect(await t.services.store.images.findUpload(photo.key)).toBeUndefined();
  });

  it("refuses a mask with nothing painted (MASK_REQUIRED) and keeps nothing of it", async () => {
    t = await createTestApp({ drivers: { moderation: countingBlocker() } });
    await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const { key, confirm } = await presignedUpload(t.app, cookie, await makeMaskPng(64, 64, false), "mask");
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).toMatchObject({ success: false, code: "MASK_REQUIRED" });
    expect(await t.services.storage.get(key)).toBeNull();
    expect(await t.services.store.images.findUpload(key)).toBeUndefined();
  });

  it("refuses a mask whose bytes are not the announced type", async () => {
    t = await createTestApp({ drivers: { moderation: countingBlocker() } });
    await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const jpeg = await sharp(await makeMaskPng(64, 64))
      .jpeg()
      .toBuffer();
    const { key, confirm } = await presignedUpload(t.app, cookie, jpeg, "mask", "image/png");
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().code).toBe("INVALID_IMAGE");
    expect(await t.services.store.images.findUpload(key)).toBeUndefined();
  });
});
