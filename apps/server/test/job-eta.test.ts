/**
 * The wait a person is told (issue 12): learnt from finished jobs of each size, summed over the
 * jobs in front, and never a remaining time that has already passed.
 */
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { allowAll, signUp, upscaleInput } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("job ETA on $name", (database) => {
  let t: TestApp | undefined;
  let clock: FakeClock;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** A retouch job row of width × height at ×1 (1000² = 1 MP). */
  async function job(userId: number, side: number) {
    const input = upscaleInput("/files/private/uploads/x.jpg", {
      width: side,
      height: side,
      scale_factor: 1,
    });
    return t!.services.store.jobs.insert({
      id: randomUUID(),
      user_id: userId,
      tool: "upscale",
      input: JSON.stringify({ input, inputKey: "private/uploads/x.jpg" }),
      cost: 0,
      provider: "builtin",
      created_at: clock.now().toISOString(),
    });
  }

  /** A job of `side`² that ran for `seconds` and finished. */
  async function finished(userId: number, side: number, seconds: number) {
    const row = await job(userId, side);
    await t!.services.store.jobs.claim(row.id, clock.now().toISOString());
    clock.advance(seconds * 1000);
    await t!.services.store.jobs.finish(row.id, "completed", { output: "{}" }, clock.now().toISOString());
  }

  const progress = async (id: string) =>
    t!.services.jobs.progressOf((await t!.services.store.jobs.findById(id))!);

  it("promises a big job a big job's time, counts the queue in front, and never shows passed time", async () => {
    clock = createFakeClock();
    t = await createTestApp({ database, clock, drivers: { moderation: allowAll } });
    const { body } = await signUp(t.app);
    // History: 4 s to start plus 8 s per megapixel.
    for (const [side, seconds] of [
      [1000, 12],
      [2000, 36],
      [1000, 12],
      [1500, 22],
    ] as const)
      await finished(body.id, side, seconds);

    const running = await job(body.id, 2000); // 4 MP: 36 s
    await t.services.store.jobs.claim(running.id, clock.now().toISOString());
    clock.advance(20_000);
    const queued = await job(body.id, 1000); // 1 MP: 12 s
    expect(await progress(running.id)).toEqual({ queuePosition: 0, etaSeconds: 16 });
    // Behind it: what is left of the running job (16 s), then its own 12 s.
    expect(await progress(queued.id)).toEqual({ queuePosition: 1, etaSeconds: 28 });

    // Past its estimate, the running job says nothing about time rather than "1 s" for minutes.
    clock.advance(30_000);
    expect(await progress(running.id)).toEqual({ queuePosition: 0, etaSeconds: null });
    // The one behind it still gets an honest figure: at least its own run.
    expect((await progress(queued.id)).etaSeconds).toBe(12);
  });
});
