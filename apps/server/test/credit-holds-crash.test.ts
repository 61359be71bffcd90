/**
 * Issue 27 "a sweep covers crashes", on every test database: a real API process takes a payment
 * ahead, a rewrite that claims it and a charged chat message, and is killed (SIGKILL) while the
 * language model is still answering both, so no catch block and no refund runs. The sweep in
 * another process leaves the young holds alone, then refunds each abandoned one once when its
 * time is up; the chat thread gets the failed reply its call never wrote. No hold ends unsettled.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type ChatFake, startChatFake } from "./fakes/openai-chat-fake.ts";
import { TEST_DATABASES, type TestDatabaseKind } from "./helpers/databases.ts";
import { createFakeClock } from "./helpers/fake-clock.ts";
import { register } from "./helpers/http.ts";
import { allowAll } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const CHILD = fileURLToPath(new URL("./helpers/api-child.ts", import.meta.url));
const REPO = path.resolve(path.dirname(CHILD), "../../../..");

function startChild(env: Record<string, string>): Promise<{ child: ChildProcess; origin: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolve({ child, origin: `http://127.0.0.1:${port}` });
    });
    child.stderr!.on("data", (chunk) => (err += chunk));
    child.on("exit", (code) =>
      reject(new Error(`the API process exited (${code}) before listening: ${err}`)),
    );
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.each(TEST_DATABASES)("credit holds survive a crash on $name", (database: TestDatabaseKind) => {
  let t: TestApp | undefined;
  let fake: ChatFake | undefined;
  let child: ChildProcess | undefined;

  afterEach(async () => {
    child?.kill("SIGKILL");
    await fake?.close();
    await t?.close();
    child = undefined;
    fake = undefined;
    t = undefined;
  });

  it("a process killed mid-rewrite and mid-chat loses no credit: the sweep refunds each hold once", async () => {
    fake = await startChatFake({ model: "chat-model" });
    const llmEnv = {
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: "chat-model",
      LLM_MAX_RETRIES: "0",
      CHAT_CHARGE_ENABLED: "true",
    };
    const clock = createFakeClock(new Date());
    t = await createTestApp({ database, clock, env: llmEnv, drivers: { moderation: allowAll } });
    const signedUp = await register(t.app);
    const userId = signedUp.body.id as number;
    await t.services.credits.grant(userId, { amount: 20, reason: "test", idempotencyKey: `t:${userId}` });

    const started = await startChild({ ...t.env, ...llmEnv });
    child = started.child;
    const call = (url: string, init: RequestInit) =>
      fetch(`${started.origin}${url}`, {
        ...init,
        headers: { cookie: signedUp.cookie, origin: started.origin, ...(init.headers ?? {}) },
      });

    // Two payments ahead: one for the rewrite that will be in flight, one that nobody uses.
    for (let i = 0; i < 2; i++) {
      const paid = await call("/api/credit/use", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: 3 }),
      });
      expect(paid.status).toBe(200);
    }
    // The model takes its time with both calls; the process dies meanwhile.
    fake.script.push({ kind: "slow", delayMs: 60_000 }, { kind: "slow", delayMs: 60_000 });
    const inFlight = [
      call("/api/ai/rewrite", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ userPrompt: "warmer light", currentPrompt: "a portrait" }),
      }).catch(() => undefined),
      call("/api/ai/chat", {
        method: "POST",
        body: (() => {
          const form = new FormData();
          form.append("text", "a cat on a sofa");
          return form;
        })(),
      }).catch(() => undefined),
    ];
    await until(() => fake!.requests.length === 2, "both calls to reach the model");
    expect(await t.services.credits.balances(userId)).toMatchObject({ total: 20 - 3 - 3 - 3 });
    child.kill("SIGKILL");
    await Promise.all(inFlight);

    const holds = () => t!.db.kysely.selectFrom("credit_uses").selectAll().orderBy("created_at").execute();
    const before = await holds();
    expect(before).toHaveLength(3);
    expect(before.filter((row) => row.settled === null)).toHaveLength(3);
    expect(before.filter((row) => row.used_by === null)).toHaveLength(1);

    // Young holds may still be answered: the sweep leaves them.
    expect(await t.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 0 });
    clock.advance(11 * 60_000); // the unused payment ahead is past its 10 minutes
    expect(await t.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 1 });
    clock.advance(5 * 60_000); // the claimed holds are past their call's longest life
    expect(await t.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 2 });
    expect(await t.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 0 });

    const after = await holds();
    expect(after.filter((row) => row.settled === null)).toHaveLength(0);
    expect(after.every((row) => row.settled === "refunded")).toBe(true);
    expect(await t.services.credits.balances(userId)).toMatchObject({ total: 20 });
    const ledger = await t.services.credits.listLedger(userId);
    const refunds = ledger.filter((row) => row.kind === "refund");
    expect(refunds.map((row) => row.reason).sort()).toEqual([
      "refund: prompt chat message did not finish",
      "refund: prompt rewrite did not finish",
      "refund: prompt rewrite paid ahead and not used within 10 minutes",
    ]);
    expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(20);

    // The chat message the dead process took keeps its words and gets a failed reply.
    const [thread] = await t.db.kysely
      .selectFrom("chat_threads")
      .selectAll()
      .where("kind", "=", "chat")
      .execute();
    const messages = await t.db.kysely
      .selectFrom("chat_messages")
      .selectAll()
      .where("thread_id", "=", thread!.id)
      .orderBy("id")
      .execute();
    expect(messages.map((m) => [m.role, m.text, m.status, m.error_code])).toEqual([
      ["user", "a cat on a sofa", "done", null],
      ["assistant", "", "failed", "LLM_UNAVAILABLE"],
    ]);
    process.stdout.write(
      `[issue 27 crash test, ${database.name}] credit_uses rows unsettled after the sweep: ${after.filter((row) => row.settled === null).length} of ${after.length}\n`,
    );
  }, 90_000);
});
