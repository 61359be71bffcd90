/**
 * Live job events (issue 12 "The wait"): the status answer is pushed as server-sent events the
 * moment the job changes, so a 7 s job is not first seen at 14 s; the stream ends with the job,
 * and someone else's job is 404 before any stream starts.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { QueueWorker } from "../src/drivers/queue/job-queue.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import {
  createJobsTestApp,
  type FakeEngine,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
  userWithCredits,
} from "./helpers/retouch.ts";
import type { TestApp } from "./helpers/test-app.ts";

/** The `event: status` payloads of a server-sent-events body, in order. */
function statusEvents(body: string): Array<{ status: string; imageUrl: string | null }> {
  return body
    .split("\n\n")
    .filter((block) => block.startsWith("event: status\n"))
    .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)));
}

describe.each(TEST_DATABASES)("job events on $name", (database) => {
  let t: TestApp | undefined;
  let worker: QueueWorker | undefined;
  let engine: FakeEngine;

  afterEach(async () => {
    await worker?.stop({ abandon: true });
    worker = undefined;
    await t?.close();
    t = undefined;
  });

  async function setUp() {
    ({ t, engine } = await createJobsTestApp(database, { env: { JOB_STALE_AFTER_SECONDS: "5" } }));
    const user = await userWithCredits(t, 500);
    const upload = (await uploadImage(t.app, user.cookie, await makeJpeg())).json();
    const started = await startRetouch(t.app, user.cookie, upscaleInput(upload.imageUrl));
    expect(started.statusCode, started.body).toBe(200);
    return { user, jobId: started.json().jobId as string };
  }

  it("pushes the job's states and its result as they happen, then ends", async () => {
    const { user, jobId } = await setUp();
    const address = await t!.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${address}/api/image/status/${jobId}/events`, {
      headers: { cookie: user.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = "";
    const readUntil = async (done: (events: ReturnType<typeof statusEvents>) => boolean) => {
      while (!done(statusEvents(body))) {
        const chunk = await reader.read();
        if (chunk.done) break;
        body += decoder.decode(chunk.value, { stream: true });
      }
      return statusEvents(body);
    };
    // Queued first: the stream answers at once with the current state.
    expect((await readUntil((events) => events.length >= 1))[0]).toMatchObject({ status: "in-progress" });
    // Only now does a worker take the job: everything after this arrives by push, not by a poll.
    worker = startWorker(t!.services, t!.config);
    const events = await readUntil((seen) => seen.some((event) => event.status !== "in-progress"));
    const last = events.at(-1)!;
    expect(last).toMatchObject({
      status: "completed",
      imageUrl: expect.stringContaining("/files/private/results/"),
    });
    // The stream ends with the job.
    expect((await reader.read()).done).toBe(true);
    expect(engine.runs).toBe(1);
  });

  it("refuses another user's job with 404 before any stream starts", async () => {
    const { jobId } = await setUp();
    const other = await signUp(t!.app);
    const response = await t!.app.inject({
      url: `/api/image/status/${jobId}/events`,
      headers: { cookie: other.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toContain("application/json");
  });
});
