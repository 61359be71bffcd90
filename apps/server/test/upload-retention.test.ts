/**
 * Upload retention (spec 01 §4 "uploaded content is deleted 30 days after processing"; §9 privacy
 * policy: uploads 30 days): the cron's purge deletes tool uploads and their files once 30 days
 * have passed since their last use, keeps history results, and never touches notice images.
 */
import { UPLOAD_RETENTION_DAYS } from "@gyeol/shared/policy";
import { afterEach, describe, expect, it } from "vitest";
import { createCronTasks } from "../src/cron/tasks.ts";
import { DAY_MS } from "../src/lib/clock.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { allowAll, makeJpeg, signUp, uploadImage } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("upload retention on $name", (database) => {
  let t: TestApp | undefined;
  let clock: FakeClock;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function upload(cookie: string, purpose: "tool" | "notice" = "tool") {
    const response = await uploadImage(t!.app, cookie, await makeJpeg(), purpose);
    expect(response.statusCode, response.body).toBe(200);
    const { imageUrl } = response.json() as { imageUrl: string };
    const key = t!.services.storage.keyFromUrl(imageUrl);
    expect(key).not.toBeNull();
    return key!;
  }

  /** A history item made from `key` at the clock's time, as an accepted job leaves one. */
  async function processed(userId: number, key: string) {
    const now = clock.now().toISOString();
    const image = await t!.services.store.images.insertImage({
      user_id: userId,
      job_id: null,
      source: "upscale",
      original_image_url: key,
      prompt: "portrait",
      seed: 1,
      created_at: now,
    });
    return image.id;
  }

  const purge = async () => {
    const task = createCronTasks(t!.services).find((candidate) => candidate.name === "purge-expired-uploads");
    expect(task).toBeDefined();
    return (await task!.run()) as { purged: number; failed: number };
  };

  it(`deletes uploads ${UPLOAD_RETENTION_DAYS} days after their last processing and keeps results and notice images`, async () => {
    clock = createFakeClock();
    t = await createTestApp({ database, clock, drivers: { moderation: allowAll } });
    const admin = await signUp(t.app);
    const user = await signUp(t.app);
    const unused = await upload(user.cookie);
    const reused = await upload(user.cookie);
    const noticeImage = await upload(admin.cookie, "notice");
    expect(noticeImage).toMatch(/^public\/editor\//);
    // The administrator's own tool input is private and purged like anyone's.
    const adminToolInput = await upload(admin.cookie);
    expect(adminToolInput).toMatch(/^private\//);

    clock.advance(20 * DAY_MS);
    const historyId = await processed(user.body.id, reused);

    clock.advance(11 * DAY_MS); // day 31: `unused` is due, `reused` was processed 11 days ago
    expect(await purge()).toEqual({ purged: 2, failed: 0 });
    expect(await t.services.storage.get(adminToolInput)).toBeNull();
    expect(await t.services.storage.get(unused)).toBeNull();
    expect(await t.services.store.images.findUpload(unused)).toBeUndefined();
    expect(await t.services.storage.get(reused)).not.toBeNull();
    expect(await t.services.storage.get(noticeImage)).not.toBeNull();

    clock.advance(20 * DAY_MS); // day 51: 31 days after `reused` was processed
    expect(await purge()).toEqual({ purged: 1, failed: 0 });
    expect(await t.services.storage.get(reused)).toBeNull();
    // (The sign-up session has expired by now; the history answer is read through the service.)
    const history = await t.services.images.history({ id: user.body.id }, user.body.id, {
      source: "upscale",
      limit: 25,
      offset: 0,
    });
    const item = history.images.find((image) => image.id === historyId);
    expect(item).toMatchObject({ original_image_url: null });

    expect(await purge()).toEqual({ purged: 0, failed: 0 });
    expect(await t.services.storage.get(noticeImage)).not.toBeNull();
  });

  it("goes on past an upload whose file will not delete, and tries it again next time", async () => {
    clock = createFakeClock();
    t = await createTestApp({ database, clock, drivers: { moderation: allowAll } });
    await signUp(t.app);
    const user = await signUp(t.app);
    const stuck = await upload(user.cookie);
    const other = await upload(user.cookie);
    clock.advance(31 * DAY_MS);
    const { storage } = t.services;
    const realDelete = storage.delete.bind(storage);
    storage.delete = async (key) => {
      if (key === stuck) throw new Error("storage refused");
      return realDelete(key);
    };
    expect(await purge()).toEqual({ purged: 1, failed: 1 });
    expect(await storage.get(other)).toBeNull();
    expect(await t.services.store.images.findUpload(stuck)).toBeDefined();
    storage.delete = realDelete;
    expect(await purge()).toEqual({ purged: 1, failed: 0 });
    expect(await storage.get(stuck)).toBeNull();
  });
});
