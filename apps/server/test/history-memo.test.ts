/**
 * History's kept answers (issue 29, images.service.ts history): an unchanged page is handed out
 * again as the same object, and every change a history item can show (a new job, a job done or
 * failed with its code, an original purged, a row changed by SQL outside the repository) is in the
 * very next read, whichever process made it (the revision comes from the database, kept by a
 * trigger). Someone else's history stays refused.
 */
import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { fileKeyFor } from "../src/drivers/storage/storage.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { userWithCredits } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("history's kept answers on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("reuses an unchanged page and shows every change at the next read", async () => {
    t = await createTestApp({ database });
    const { store } = t.services;
    const user = await userWithCredits(t, 0);
    const other = await userWithCredits(t, 0);
    const now = () => new Date().toISOString();

    /** A job of this user with its history row, as the job intake writes them. */
    async function addJob() {
      const id = randomUUID();
      const id32 = id.replaceAll("-", "");
      const inputKey = fileKeyFor("private", `uploads/${user.id}`, id32, "jpg");
      await store.jobs.insert({
        id,
        user_id: user.id,
        tool: "upscale",
        input: JSON.stringify({ inputKey, input: {} }),
        cost: 0,
        provider: "builtin",
        created_at: now(),
      });
      await store.images.insertImage({
        user_id: user.id,
        job_id: id,
        source: "upscale",
        original_image_url: inputKey,
        prompt: "portrait",
        seed: 1,
        created_at: now(),
      });
      return { id, id32, inputKey };
    }
    const read = async () => {
      const response = await t!.app.inject({
        url: `/api/image/history/${user.id}?source=upscale&limit=25`,
        headers: { cookie: user.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        images: Array<{
          status: string;
          image_url: string | null;
          original_image_url: string | null;
          code: string | null;
        }>;
      };
    };
    const service = () =>
      t!.services.images.history({ id: user.id }, user.id, { limit: 25, offset: 0, source: "upscale" });

    const first = await addJob();
    expect((await read()).images.map((i) => i.status)).toEqual(["processing"]);
    // Unchanged: the same answer object (so its JSON is made once).
    expect(await service()).toBe(await service());

    // A new job shows at once.
    const second = await addJob();
    expect((await read()).images).toHaveLength(2);

    // Done: its status and result.
    await store.jobs.claim(first.id, now());
    const imageKey = fileKeyFor("private", `results/${user.id}`, first.id32, "jpg");
    await store.images.completeImage(
      first.id,
      { imageKeys: [imageKey], thumbnailKey: null, providerTaskId: null },
      now(),
    );
    const done = (await read()).images[1]!;
    expect(done.status).toBe("completed");
    expect(done.image_url).toContain(first.id32);

    // Failed, with the job's code, written in one transaction as jobs.service.ts fail() does.
    await store.transaction(async (tx) => {
      await tx.jobs.finish(second.id, "failed", { error_code: "JOB_CANCELLED", error_message: "x" }, now(), [
        "queued",
      ]);
      await tx.images.failImage(second.id, now());
    });
    const failed = (await read()).images[0]!;
    expect(failed.status).toBe("failed");
    expect(failed.code).toBe("JOB_CANCELLED");

    // The original purged (the retention sweep): the item loses it at once.
    expect((await read()).images[1]!.original_image_url).not.toBeNull();
    await store.images.forgetOriginal(first.inputKey);
    expect((await read()).images[1]!.original_image_url).toBeNull();

    // A write that bypasses the repository (an operator's SQL, a future module): the database's
    // trigger moves the revision all the same.
    await sql`update images set prompt = 'edited by hand' where job_id = ${first.id}`.execute(t.db.kysely);
    const { images: byHand } = (await read()) as unknown as { images: Array<{ prompt: string }> };
    expect(byHand[1]!.prompt).toBe("edited by hand");

    // Another user's writes leave this user's kept answer alone; a deleted row shows at once.
    const kept = await service();
    await store.images.insertImage({
      user_id: other.id,
      job_id: null,
      source: "upscale",
      original_image_url: null,
      prompt: null,
      seed: null,
      created_at: now(),
    });
    expect(await service()).toBe(kept);
    await sql`delete from images where job_id = ${second.id}`.execute(t.db.kysely);
    expect((await read()).images).toHaveLength(1);

    // Someone else's history is still refused, kept answers or not.
    const foreign = await t.app.inject({
      url: `/api/image/history/${user.id}?source=upscale&limit=25`,
      headers: { cookie: other.cookie },
    });
    expect(foreign.statusCode).toBe(403);
  });
});
