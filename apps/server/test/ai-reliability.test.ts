/**
 * Issue 27 through fastify.inject on every test database, against the contract fake of
 * /v1/chat/completions: no prepaid credit is lost (refused, failed or never used rewrites are
 * refunded once, by the call or by the sweep), helpers hand back prompts and not conversations
 * (structured output with its fallbacks), the chat keeps a cut-off reply and can continue,
 * regenerate, edit, rename, search and delete, carries several pictures, the banned list speaks
 * Korean, and a refused request writes no file (bad UTF-8 and empty pictures answer 400).
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ChatFake, type ChatFakeOptions, startChatFake } from "./fakes/openai-chat-fake.ts";
import { TEST_DATABASES, type TestDatabaseKind } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { allowAll, makeJpeg, signUp } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

interface Sse {
  event: string;
  data: Record<string, unknown>;
}

function parseSse(body: string): Sse[] {
  return body
    .split("\n\n")
    .filter((block) => block.startsWith("event: "))
    .map((block) => {
      const [eventLine, dataLine] = block.split("\n");
      return { event: eventLine!.slice(7), data: JSON.parse(dataLine!.slice(6)) };
    });
}

type TPicture = { bytes: Buffer; name?: string; type?: string };

function chatForm(fields: Record<string, string>, pictures: TPicture[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const picture of pictures)
    form.append(
      "image",
      new Blob([new Uint8Array(picture.bytes)], { type: picture.type ?? "image/jpeg" }),
      picture.name ?? "a.jpg",
    );
  return form;
}

/** Every file the local storage driver holds. */
function filesUnder(dir: string): string[] {
  const root = path.join(dir, "files");
  const out: string[] = [];
  const walk = (at: string) => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(at, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(root);
  return out;
}

describe.each(TEST_DATABASES)("issue 27: prompt helpers and chat on $name", (database: TestDatabaseKind) => {
  let t: TestApp | undefined;
  let fake: ChatFake | undefined;
  let clock: FakeClock;

  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
  });

  async function setUp(
    env: Record<string, string> = {},
    { connected = true, fakeOptions = {} as ChatFakeOptions } = {},
  ) {
    fake = await startChatFake({
      apiKey: "sk-fake",
      model: "chat-model",
      visionModel: "vision-model",
      ...fakeOptions,
    });
    clock = createFakeClock(new Date());
    t = await createTestApp({
      database,
      clock,
      env: connected
        ? {
            LLM_BASE_URL: fake.baseUrl,
            LLM_API_KEY: "sk-fake",
            LLM_MODEL: "chat-model",
            LLM_VISION_MODEL: "vision-model",
            LLM_MAX_RETRIES: "0",
            ...env,
          }
        : env,
      drivers: { moderation: allowAll },
    });
    const admin = await signUp(t.app); // user 1: the administrator
    return { app: t.app, admin: { cookie: admin.cookie, id: admin.body.id as number } };
  }

  async function user(credits = 0) {
    const { cookie, body } = await signUp(t!.app);
    if (credits > 0)
      await t!.services.credits.grant(body.id, {
        amount: credits,
        reason: "test",
        idempotencyKey: `t:${body.id}`,
      });
    return { cookie, id: body.id as number };
  }

  const balance = async (id: number) => (await t!.services.credits.balances(id)).total;
  const refunds = async (id: number) =>
    (await t!.services.credits.listLedger(id)).filter((row) => row.kind === "refund");
  const unsettled = () =>
    t!.db.kysely.selectFrom("credit_uses").selectAll().where("settled", "is", null).execute();
  const post = (cookie: string, url: string, payload: object) =>
    t!.app.inject({ method: "POST", url, headers: { cookie }, payload });
  const get = (cookie: string, url: string) => t!.app.inject({ method: "GET", url, headers: { cookie } });
  const send = (cookie: string, fields: Record<string, string>, pictures: TPicture[] = [], stream = false) =>
    t!.app.inject({
      method: "POST",
      url: "/api/ai/chat",
      headers: { cookie, ...(stream ? { accept: "text/event-stream" } : {}) },
      payload: chatForm(fields, pictures),
    });

  describe("no prepaid credit is lost", () => {
    it("a rewrite refused for any reason gives the payment ahead back, once, with a ledger line", async () => {
      const { app } = await setUp();
      const u = await user(30);
      const pay = () => post(u.cookie, "/api/credit/use", { amount: 3 });
      const rewrite = (payload: object) => post(u.cookie, "/api/ai/rewrite", payload);

      // A banned word (Korean) in the instruction.
      expect((await pay()).statusCode).toBe(200);
      const banned = await rewrite({ userPrompt: "비키니 입은 모델로", currentPrompt: "a model" });
      expect(banned.statusCode).toBe(400);
      expect(banned.json()).toMatchObject({ code: "NSFW_PROMPT_BLOCKED", details: { keyword: "비키니" } });
      expect(await balance(u.id)).toBe(30);

      // A thread that is not the person's.
      await pay();
      expect((await rewrite({ userPrompt: "warmer", currentPrompt: "x", threadId: "nope" })).statusCode).toBe(
        404,
      );
      expect(await balance(u.id)).toBe(30);

      // A model that answers with a conversation, not a prompt.
      await pay();
      fake!.script.push({
        kind: "reply",
        text: "You said: make it warmer. A prompt you could use: portrait, warm light. Want more?",
      });
      const chatty = await rewrite({ userPrompt: "make it warmer", currentPrompt: "portrait" });
      expect(chatty.statusCode).toBe(502);
      expect(chatty.json()).toMatchObject({ code: "LLM_NOT_A_PROMPT", details: { reason: "not_a_prompt" } });
      expect(await balance(u.id)).toBe(30);

      // The model's prompt holds a banned word.
      await pay();
      fake!.script.push({ kind: "prompt", prompt: "nude figure study, marble" });
      expect((await rewrite({ userPrompt: "artistic", currentPrompt: "a statue" })).json().code).toBe(
        "NSFW_PROMPT_BLOCKED",
      );
      expect(await balance(u.id)).toBe(30);

      const lines = await refunds(u.id);
      expect(lines).toHaveLength(4);
      for (const line of lines) expect(line.reason).toMatch(/^refund: prompt rewrite failed \([A-Z_]+\)$/);
      expect(await unsettled()).toHaveLength(0);
      void app;
    });

    it("without a model: Apply's payment is refused before it is taken, and a payment already made comes back", async () => {
      const { app } = await setUp({}, { connected: false });
      const u = await user(10);
      const pay = await post(u.cookie, "/api/credit/use", { amount: 3 });
      expect(pay.statusCode).toBe(503);
      expect(pay.json().code).toBe("LLM_NOT_CONFIGURED");
      expect(await balance(u.id)).toBe(10);

      // A payment made while a model was connected (the operator unset it since).
      await t!.services.credits.spend(u.id, 3, {
        idempotencyKey: "use:old",
        reason: "prompt rewrite (paid ahead)",
      });
      await t!.db.kysely
        .insertInto("credit_uses")
        .values({
          id: "old",
          user_id: u.id,
          amount: 3,
          spend_key: "use:old",
          used_by: null,
          created_at: clock.now().toISOString(),
          purpose: "rewrite",
          claimed_at: null,
          settled: null,
          settled_at: null,
        })
        .execute();
      const rewrite = await post(u.cookie, "/api/ai/rewrite", { userPrompt: "warmer", currentPrompt: "x" });
      expect(rewrite.statusCode).toBe(503);
      expect(rewrite.json().code).toBe("LLM_NOT_CONFIGURED");
      expect(await balance(u.id)).toBe(10);
      expect(await unsettled()).toHaveLength(0);
      void app;
    });

    it("the sweep refunds a payment ahead no rewrite used within 10 minutes, once, and never one in use", async () => {
      await setUp();
      const u = await user(9);
      await post(u.cookie, "/api/credit/use", { amount: 3 });
      await post(u.cookie, "/api/credit/use", { amount: 3 });
      expect(await balance(u.id)).toBe(3);
      // Young: left alone.
      expect(await t!.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 0 });
      // One is used by a rewrite; the other waits past its 10 minutes.
      expect(
        (await post(u.cookie, "/api/ai/rewrite", { userPrompt: "warmer", currentPrompt: "x" })).statusCode,
      ).toBe(200);
      clock.advance(11 * 60_000);
      expect(await t!.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 1 });
      expect(await t!.services.creditHolds.refundAbandonedHolds()).toEqual({ refunded: 0 });
      expect(await balance(u.id)).toBe(6);
      const lines = await refunds(u.id);
      expect(lines).toHaveLength(1);
      expect(lines[0]!.reason).toBe("refund: prompt rewrite paid ahead and not used within 10 minutes");
      // The refunded payment is not used by a later rewrite: that one pays for itself.
      await post(u.cookie, "/api/ai/rewrite", { userPrompt: "cooler", currentPrompt: "x" });
      expect(await balance(u.id)).toBe(3);
      expect(await unsettled()).toHaveLength(0);
    });
  });

  describe("helpers return prompts", () => {
    it("rewrite, extract and auto-prompt take the structured prompt; a model without structured output falls back", async () => {
      await setUp({}, { fakeOptions: { responseFormat: "reject" } });
      const u = await user(20);
      const rewrite = await post(u.cookie, "/api/ai/rewrite", {
        userPrompt: "warmer",
        currentPrompt: "a cat",
      });
      expect(rewrite.statusCode, rewrite.body).toBe(200);
      expect(rewrite.json().rewrittenPrompt).toMatch(/^portrait photo, Current prompt: a cat/);
      // json_schema refused once, then the tool call, learnt for the next calls.
      expect(
        fake!.requests.map((r) => (r.body.response_format ? "json" : r.body.tools ? "tool" : "text")),
      ).toEqual(["json", "tool"]);
      const extract = await t!.app.inject({
        method: "POST",
        url: "/api/ai/extract-prompt-from-image",
        headers: { cookie: u.cookie, "content-type": "image/jpeg" },
        payload: await makeJpeg(320, 240),
      });
      expect(extract.statusCode, extract.body).toBe(200);
      expect(extract.json().prompt).toMatch(/^portrait photo, Write the prompt for this image/);
      expect(fake!.requests.at(-1)!.body.tools).toBeDefined();
      expect(await balance(u.id)).toBe(17);
    });

    it("a plain-text model: the prompt block is taken; a wordy answer is LLM_NOT_A_PROMPT, refunded", async () => {
      await setUp({}, { fakeOptions: { responseFormat: "reject", tools: "reject" } });
      const u = await user(20);
      const dataUrl = `data:image/jpeg;base64,${(await makeJpeg(200, 200)).toString("base64")}`;
      const auto = (userNotes: string) =>
        post(u.cookie, "/api/seedream/auto-prompt", { images: [dataUrl], userNotes });
      const ok = await auto("배경을 바다로");
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().prompt).toMatch(/^portrait photo, 1 input image/);
      expect(ok.json().prompt).not.toContain("Here is");
      expect(await balance(u.id)).toBe(15);

      fake!.script.push({
        kind: "reply",
        text: "Sure! Here's a prompt you could use for the sea:\n\n- ocean\n- sunset",
      });
      const wordy = await auto("바다");
      expect(wordy.json().code).toBe("LLM_NOT_A_PROMPT");
      fake!.script.push({ kind: "reply", text: "따뜻한 바다 배경의 인물 사진" });
      expect((await auto("바다")).json()).toMatchObject({
        code: "LLM_NOT_A_PROMPT",
        details: { reason: "wrong_language" },
      });
      expect(await balance(u.id)).toBe(15);
      expect(await refunds(u.id)).toHaveLength(2);
      expect(await unsettled()).toHaveLength(0);
    });
  });

  describe("a chat that behaves like one", () => {
    it("a cut-off stream keeps its text as LLM_UNAVAILABLE, refunded; continue finishes it, paid once", async () => {
      await setUp({ CHAT_CHARGE_ENABLED: "true" });
      const u = await user(9);
      const first = await send(u.cookie, { text: "a cat" });
      const threadId = first.json().threadId as string;
      expect(await balance(u.id)).toBe(6);

      fake!.script.push({ kind: "broken", after: 4 });
      const events = parseSse((await send(u.cookie, { text: "a dog", threadId }, [], true)).body);
      expect(events.map((e) => e.event).slice(0, 1)).toEqual(["start"]);
      const arrived = events
        .filter((e) => e.event === "delta")
        .map((e) => e.data.text)
        .join("");
      expect(arrived.length).toBeGreaterThan(0);
      const error = events.at(-1)!;
      expect(error).toMatchObject({
        event: "error",
        data: {
          code: "LLM_UNAVAILABLE",
          threadId,
          message: { role: "assistant", status: "failed", text: arrived },
        },
      });
      expect(await balance(u.id)).toBe(6);
      const cut = (error.data.message as { id: number }).id;

      const continued = await send(u.cookie, { threadId, action: "continue", messageId: String(cut) });
      expect(continued.statusCode, continued.body).toBe(200);
      const reply = continued.json().message;
      expect(reply).toMatchObject({ id: cut, status: "done", errorCode: null });
      expect(reply.text.startsWith(arrived)).toBe(true);
      expect(reply.text.length).toBeGreaterThan(arrived.length);
      // The model saw the reply so far and was asked to go on.
      const asked = fake!.requests.at(-1)!.body.messages;
      expect(asked.at(-2)).toEqual({ role: "assistant", content: arrived });
      expect(String(asked.at(-1)!.content)).toContain("Continue it exactly where it stopped");
      expect(await balance(u.id)).toBe(3);
      const messages = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
      expect(messages.map((m: { role: string }) => m.role)).toEqual([
        "user",
        "assistant",
        "user",
        "assistant",
      ]);

      // Only the last reply, and only one that stopped short, can be continued.
      const done = await send(u.cookie, { threadId, action: "continue", messageId: String(cut) });
      expect(done.statusCode).toBe(409);
      expect(done.json().code).toBe("CHAT_MESSAGE_NOT_EDITABLE");
      expect(await balance(u.id)).toBe(3);
    });

    it("regenerate replaces the last reply; edit changes a message and replaces what came after it", async () => {
      await setUp();
      const u = await user();
      const one = (await send(u.cookie, { text: "first question" })).json();
      const threadId = one.threadId as string;
      await send(u.cookie, { text: "second question", threadId });
      let messages = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
      const lastReply = messages.at(-1);

      fake!.script.push({ kind: "reply", text: "A different answer." });
      const again = await send(u.cookie, { threadId, action: "regenerate", messageId: String(lastReply.id) });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().message.text).toBe("A different answer.");
      expect(again.json().userMessage.text).toBe("second question");
      messages = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
      expect(messages.map((m: { text: string }) => m.text.slice(0, 20))).toEqual([
        "first question",
        messages[1].text.slice(0, 20),
        "second question",
        "A different answer.",
      ]);
      // An older reply cannot be regenerated.
      const old = await send(u.cookie, { threadId, action: "regenerate", messageId: String(messages[1].id) });
      expect(old.json().code).toBe("CHAT_MESSAGE_NOT_EDITABLE");

      const edited = await send(u.cookie, {
        threadId,
        action: "edit",
        messageId: String(messages[0].id),
        text: "first question, edited",
      });
      expect(edited.statusCode, edited.body).toBe(200);
      messages = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
      expect(messages).toHaveLength(2);
      expect(messages[0]).toMatchObject({ id: one.userMessage.id, text: "first question, edited" });
      expect(messages[1].text).toContain("first question, edited");
      // A reply is not the person's to edit.
      const notMine = await send(u.cookie, {
        threadId,
        action: "edit",
        messageId: String(messages[1].id),
        text: "x",
      });
      expect(notMine.json().code).toBe("CHAT_MESSAGE_NOT_EDITABLE");
    });

    it("rename, search and delete threads; titles are plain text", async () => {
      await setUp();
      const u = await user();
      const a = (await send(u.cookie, { text: "**Bold** `cat` on a _sofa_" })).json().threadId as string;
      clock.advance(1000);
      const b = (await send(u.cookie, { text: "a snake_case_name dog" })).json().threadId as string;
      const threads = (await get(u.cookie, "/api/ai/threads")).json().threads;
      expect(threads.map((th: { title: string }) => th.title)).toEqual([
        "a snake_case_name dog",
        "Bold cat on a sofa",
      ]);

      const rename = await t!.app.inject({
        method: "PATCH",
        url: `/api/ai/threads/${a}`,
        headers: { cookie: u.cookie },
        payload: { title: "  고양이   소파  " },
      });
      expect(rename.json()).toMatchObject({ success: true, thread: { id: a, title: "고양이 소파" } });
      const stranger = await user();
      const foreign = await t!.app.inject({
        method: "PATCH",
        url: `/api/ai/threads/${a}`,
        headers: { cookie: stranger.cookie },
        payload: { title: "mine" },
      });
      expect(foreign.statusCode).toBe(404);
      const blank = await t!.app.inject({
        method: "PATCH",
        url: `/api/ai/threads/${a}`,
        headers: { cookie: u.cookie },
        payload: { title: "   " },
      });
      expect(blank.statusCode).toBe(400);

      const search = async (q: string) =>
        (await get(u.cookie, `/api/ai/threads?q=${encodeURIComponent(q)}`))
          .json()
          .threads.map((th: { id: string }) => th.id);
      expect(await search("고양이")).toEqual([a]); // the title
      expect(await search("SNAKE_CASE")).toEqual([b]); // a message, any case
      expect(await search("85mm")).toEqual([b, a]); // the replies too
      expect(await search("100%")).toEqual([]); // % is a character, not a wildcard
      expect(await search("b_ld")).toEqual([]); // _ too ("bold" is in a)

      const deleted = await t!.app.inject({
        method: "DELETE",
        url: `/api/ai/threads/${b}`,
        headers: { cookie: u.cookie },
      });
      expect(deleted.json()).toEqual({ success: true });
      expect(await search("")).toEqual([a]);
    });

    it("several pictures a message, up to four, all shown to the model", async () => {
      await setUp();
      const u = await user();
      const pictures = await Promise.all([makeJpeg(320, 240), makeJpeg(200, 300)]);
      const sent = await send(
        u.cookie,
        { text: "these two" },
        pictures.map((bytes) => ({ bytes })),
      );
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().userMessage.image_urls).toHaveLength(2);
      expect(sent.json().userMessage.image_url).toBe(sent.json().userMessage.image_urls[0]);
      const parts = fake!.requests[0]!.body.messages.at(-1)!.content as Array<{ type: string }>;
      expect(parts.filter((p) => p.type === "image_url")).toHaveLength(2);
      expect(sent.json().message.text).toContain("I looked at 2 images");

      const five = await send(
        u.cookie,
        { text: "too many" },
        Array.from({ length: 5 }, () => ({ bytes: pictures[0]! })),
      );
      expect(five.statusCode).toBe(400);
      expect(five.json().details.issues[0]).toMatchObject({ path: "image", reason: "too_big", maximum: 4 });
    });
  });

  describe("a refused request stores nothing", () => {
    it("no credits, bad UTF-8, an empty picture, a banned word: 400 with a code, no file, no row", async () => {
      await setUp({ CHAT_CHARGE_ENABLED: "true" });
      const u = await user(2);
      const photo = { bytes: await makeJpeg(320, 240) };
      const poor = await send(u.cookie, { text: "a cat" }, [photo]);
      expect(poor.statusCode).toBe(400);
      expect(poor.json().code).toBe("INSUFFICIENT_CREDITS");

      // Bytes that are not UTF-8 in the text field (a raw multipart body).
      const boundary = "----gyeol27";
      const raw = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n`),
        Buffer.from([0x61, 0xff, 0xfe, 0x62]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const badText = await t!.app.inject({
        method: "POST",
        url: "/api/ai/chat",
        headers: { cookie: u.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: raw,
      });
      expect(badText.statusCode).toBe(400);
      expect(badText.json().code).toBe("TEXT_NOT_UTF8");
      const badJson = await t!.app.inject({
        method: "POST",
        url: "/api/ai/rewrite",
        headers: { cookie: u.cookie, "content-type": "application/json" },
        payload: Buffer.concat([
          Buffer.from('{"userPrompt":"a'),
          Buffer.from([0xc3, 0x28]),
          Buffer.from('"}'),
        ]),
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().code).toBe("TEXT_NOT_UTF8");

      const empty = await send(u.cookie, { text: "with a picture" }, [
        { bytes: Buffer.alloc(0), name: "empty.jpg" },
      ]);
      expect(empty.statusCode).toBe(400);
      expect(empty.json().code).toBe("IMAGE_EMPTY");

      const banned = await send(u.cookie, { text: "비 키 니 입은 모델" }, [photo]);
      expect(banned.json()).toMatchObject({ code: "NSFW_PROMPT_BLOCKED", details: { keyword: "비키니" } });

      expect(filesUnder(t!.dir)).toEqual([]);
      expect(await t!.db.kysely.selectFrom("uploads").selectAll().execute()).toEqual([]);
      expect(await t!.db.kysely.selectFrom("chat_messages").selectAll().execute()).toEqual([]);
      expect(await t!.db.kysely.selectFrom("chat_threads").selectAll().execute()).toEqual([]);
      expect(fake!.requests).toHaveLength(0);
      expect(await balance(u.id)).toBe(2);
    });
  });

  it("the administrator's list: Korean words added by the administrator are matched with their variants", async () => {
    const { app, admin } = await setUp();
    const put = await app.inject({
      method: "PUT",
      url: "/api/auth/banned-keywords",
      headers: { cookie: admin.cookie },
      payload: { keywords: ["수영복", "nude"] },
    });
    expect(put.json().keywords.sort()).toEqual(["nude", "수영복"]);
    const u = await user();
    expect((await send(u.cookie, { text: "ㅅㅜㅇㅕㅇㅂㅗㄱ 입은" })).json()).toMatchObject({
      code: "NSFW_PROMPT_BLOCKED",
      details: { keyword: "수영복" },
    });
    expect((await send(u.cookie, { text: "비키니 입은 모델" })).statusCode).toBe(200); // no longer listed
  });
});
