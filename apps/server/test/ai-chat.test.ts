/**
 * Issue 14 end to end through fastify.inject, against the contract fake of /v1/chat/completions:
 * the chat calls of spec 02 §7 (threads, messages, delete, charge-enabled, send: JSON and
 * streamed), the helpers (rewrite with POST /api/credit/use, extract-prompt-from-image,
 * auto-prompt), the banned keywords and the unconfigured port. Owner-only, bad input → 4xx with a
 * code, charged and refunded once, model down → a clear code, nothing the person wrote lost.
 */
import { DEFAULT_BANNED_KEYWORDS } from "@gyeol/shared/moderation";
import { afterEach, describe, expect, it } from "vitest";
import { type ChatFake, startChatFake } from "./fakes/openai-chat-fake.ts";
import { TEST_DATABASES, type TestDatabaseKind } from "./helpers/databases.ts";
import { allowAll, blockAll, makeJpeg, signUp, uploadImage } from "./helpers/retouch.ts";
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

function chatForm(fields: Record<string, string>, image?: { bytes: Buffer; name?: string; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (image)
    form.append(
      "image",
      new Blob([new Uint8Array(image.bytes)], { type: image.type ?? "image/jpeg" }),
      image.name ?? "a.jpg",
    );
  return form;
}

describe.each(TEST_DATABASES)("prompt chat and helpers on $name", (database: TestDatabaseKind) => {
  let t: TestApp | undefined;
  let fake: ChatFake | undefined;

  afterEach(async () => {
    await t?.close();
    await fake?.close();
    t = undefined;
    fake = undefined;
  });

  async function setUp(env: Record<string, string> = {}, { connected = true, moderation = allowAll } = {}) {
    fake = await startChatFake({ apiKey: "sk-fake", model: "chat-model", visionModel: "vision-model" });
    t = await createTestApp({
      database,
      env: connected
        ? {
            LLM_BASE_URL: fake.baseUrl,
            LLM_API_KEY: "sk-fake",
            LLM_MODEL: "chat-model",
            LLM_VISION_MODEL: "vision-model",
            LLM_MAX_RETRIES: "1",
            ...env,
          }
        : env,
      drivers: { moderation },
    });
    const admin = await signUp(t.app); // user 1: the administrator
    return { app: t.app, admin: { cookie: admin.cookie, id: admin.body.id } };
  }

  async function user(credits = 0) {
    const { cookie, body } = await signUp(t!.app);
    if (credits > 0)
      await t!.services.credits.grant(body.id, {
        amount: credits,
        reason: "test",
        idempotencyKey: `t:${body.id}`,
      });
    return { cookie, id: body.id };
  }

  const balance = async (id: number) => (await t!.services.credits.balances(id)).total;

  function send(
    cookie: string | undefined,
    fields: Record<string, string>,
    image?: Parameters<typeof chatForm>[1],
    stream = false,
  ) {
    return t!.app.inject({
      method: "POST",
      url: "/api/ai/chat",
      headers: { ...(cookie ? { cookie } : {}), ...(stream ? { accept: "text/event-stream" } : {}) },
      payload: chatForm(fields, image),
    });
  }

  const get = (cookie: string, url: string) => t!.app.inject({ method: "GET", url, headers: { cookie } });

  it("without a model: the flags say so and every model call answers 503 LLM_NOT_CONFIGURED", async () => {
    const { app } = await setUp({}, { connected: false });
    const flags = (await app.inject({ method: "GET", url: "/api/feature/flags" })).json();
    expect(flags).toMatchObject({ llmEnabled: false, llmTestProvider: false });
    const u = await user(10);
    const calls = [
      send(u.cookie, { text: "hello" }),
      app.inject({
        method: "POST",
        url: "/api/ai/rewrite",
        headers: { cookie: u.cookie },
        payload: { userPrompt: "warmer", currentPrompt: "a cat" },
      }),
      app.inject({
        method: "POST",
        url: "/api/ai/extract-prompt-from-image",
        headers: { cookie: u.cookie, "content-type": "image/jpeg" },
        payload: await makeJpeg(),
      }),
      app.inject({
        method: "POST",
        url: "/api/seedream/auto-prompt",
        headers: { cookie: u.cookie },
        payload: { images: ["data:image/jpeg;base64,AAAA"], userNotes: "" },
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json().code).toBe("LLM_NOT_CONFIGURED");
    }
    expect(await balance(u.id)).toBe(10);
    // History stays readable.
    expect((await get(u.cookie, "/api/ai/threads?limit=50")).json()).toEqual({
      success: true,
      threads: [],
      nextCursor: null,
    });
  });

  it("sends text and an image, keeps the thread, answers its owner only, deletes it", async () => {
    const { app } = await setUp();
    expect((await app.inject({ method: "GET", url: "/api/feature/flags" })).json().llmEnabled).toBe(true);
    expect((await app.inject({ method: "GET", url: "/api/ai/chat/charge-enabled" })).json()).toEqual({
      success: true,
      enabled: false,
      cost: 3,
    });
    const owner = await user();
    const first = await send(owner.cookie, { text: "  소파에 앉은 고양이, 따뜻한 느낌  " });
    expect(first.statusCode, first.body).toBe(200);
    const reply = first.json();
    expect(reply).toMatchObject({
      success: true,
      charged: 0,
      message: { role: "assistant", status: "done" },
    });
    expect(reply.message.text).toContain("```prompt");
    expect(reply.userMessage.text).toBe("소파에 앉은 고양이, 따뜻한 느낌");
    const threadId = reply.threadId as string;
    expect(fake!.requests[0]!.body.model).toBe("chat-model");
    expect(fake!.requests[0]!.body.messages[0]!.role).toBe("system");

    const second = await send(
      owner.cookie,
      { text: "now with this photo", threadId },
      { bytes: await makeJpeg(300, 200) },
    );
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().threadId).toBe(threadId);
    const withImage = fake!.requests[1]!.body;
    expect(withImage.model).toBe("vision-model");
    // system, the first exchange, then the new turn with its picture
    expect(withImage.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    const parts = withImage.messages[3]!.content as Array<{ type: string; image_url?: { url: string } }>;
    expect(parts.map((p) => p.type)).toEqual(["text", "image_url"]);
    expect(parts[1]!.image_url!.url.startsWith("data:image/jpeg;base64,")).toBe(true);

    const threads = (await get(owner.cookie, "/api/ai/threads?limit=50")).json();
    expect(threads.threads).toHaveLength(1);
    expect(threads.threads[0]).toMatchObject({ id: threadId, title: "소파에 앉은 고양이, 따뜻한 느낌" });
    const messages = (await get(owner.cookie, `/api/ai/threads/${threadId}/messages?limit=100`)).json();
    expect(messages.messages.map((m: { role: string }) => m.role)).toEqual([
      "user",
      "assistant",
      "user",
      "assistant",
    ]);
    const imageUrl = messages.messages[2].image_url as string;
    expect(imageUrl).toBeTruthy();
    const picture = await app.inject({ method: "GET", url: imageUrl.replace(/^https?:\/\/[^/]+/, "") });
    expect(picture.statusCode).toBe(200);

    // Someone else: 404 everywhere, as for a thread that does not exist.
    const stranger = await user();
    expect((await get(stranger.cookie, `/api/ai/threads/${threadId}/messages`)).statusCode).toBe(404);
    expect((await send(stranger.cookie, { text: "hi", threadId })).statusCode).toBe(404);
    const strangerDelete = await app.inject({
      method: "DELETE",
      url: `/api/ai/threads/${threadId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(strangerDelete.statusCode).toBe(404);
    expect((await get(stranger.cookie, "/api/ai/threads")).json().threads).toEqual([]);

    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/ai/threads/${threadId}`,
      headers: { cookie: owner.cookie },
    });
    expect(deleted.json()).toEqual({ success: true });
    expect((await get(owner.cookie, `/api/ai/threads/${threadId}/messages`)).statusCode).toBe(404);
    expect((await get(owner.cookie, "/api/ai/threads")).json().threads).toEqual([]);
    expect(
      (await app.inject({ method: "GET", url: imageUrl.replace(/^https?:\/\/[^/]+/, "") })).statusCode,
    ).toBe(404);
  });

  it("refuses what it cannot take, with a code", async () => {
    const { app } = await setUp();
    expect((await send(undefined, { text: "hi" })).json().code).toBe("AUTH_REQUIRED");
    const u = await user();
    const empty = await send(u.cookie, { text: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.issues[0]).toMatchObject({ path: "text", reason: "required" });
    const notImage = await send(
      u.cookie,
      { text: "hi" },
      { bytes: Buffer.from("not a picture at all"), name: "a.txt", type: "text/plain" },
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json().details.issues[0]).toMatchObject({ path: "image", reason: "not_image" });
    const control = await send(u.cookie, { text: "bad\u0000text" });
    expect(control.json().details.issues[0].reason).toBe("control_chars");
    const unknown = await send(u.cookie, { text: "hi", threadId: "no-such-thread" });
    expect(unknown.statusCode).toBe(404);
    const bad = await get(u.cookie, "/api/ai/threads?cursor=garbage");
    expect(bad.statusCode).toBe(400);
    expect(fake!.requests).toHaveLength(0);
    expect((await get(u.cookie, "/api/ai/threads")).json().threads).toEqual([]);
    void app;
  });

  it("a blocked picture is refused before anything is stored or asked", async () => {
    await setUp({}, { moderation: blockAll });
    const u = await user();
    const response = await send(u.cookie, { text: "hi" }, { bytes: await makeJpeg() });
    expect(response.json().code).toBe("NSFW_CONTENT_DETECTED");
    expect(fake!.requests).toHaveLength(0);
  });

  it("charges 3 credits a message when charging is on, refunds once when the model fails, keeps the message", async () => {
    const { app } = await setUp({ CHAT_CHARGE_ENABLED: "true" });
    expect((await app.inject({ method: "GET", url: "/api/ai/chat/charge-enabled" })).json().enabled).toBe(
      true,
    );
    const u = await user(7);
    const ok = await send(u.cookie, { text: "a portrait" });
    expect(ok.json().charged).toBe(3);
    expect(await balance(u.id)).toBe(4);
    const threadId = ok.json().threadId;

    fake!.script.push({ kind: "error", status: 503 }, { kind: "error", status: 503 });
    const down = await send(u.cookie, { text: "again please", threadId });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ success: false, code: "LLM_UNAVAILABLE", threadId });
    expect(await balance(u.id)).toBe(4);
    const refunds = (await t!.services.credits.listLedger(u.id)).filter((row) => row.kind === "refund");
    expect(refunds).toHaveLength(1);
    const messages = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
    expect(messages.at(-2)).toMatchObject({ role: "user", text: "again please" });
    expect(messages.at(-1)).toMatchObject({
      role: "assistant",
      status: "failed",
      errorCode: "LLM_UNAVAILABLE",
    });

    // The failed reply is not shown to the model again.
    await send(u.cookie, { text: "third", threadId });
    expect(fake!.requests.at(-1)!.body.messages.map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
      "user",
    ]);
    expect(await balance(u.id)).toBe(1);

    const poor = await send(u.cookie, { text: "one more", threadId });
    expect(poor.statusCode).toBe(400);
    expect(poor.json().code).toBe("INSUFFICIENT_CREDITS");
    const after = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
    expect(after.filter((m: { text: string }) => m.text === "one more")).toEqual([]);
  });

  it("streams the reply as server-sent events; a broken stream ends with an error event and a refund", async () => {
    await setUp({ CHAT_CHARGE_ENABLED: "true" });
    const u = await user(6);
    const response = await send(u.cookie, { text: "a cat" }, undefined, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/event-stream");
    const events = parseSse(response.body);
    expect(events[0]!.event).toBe("start");
    const deltas = events.filter((e) => e.event === "delta");
    expect(deltas.length).toBeGreaterThan(5);
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect(deltas.map((d) => d.data.text).join("")).toBe((done.data.message as { text: string }).text);
    expect(done.data.charged).toBe(3);

    fake!.script.push({ kind: "broken", after: 3 }, { kind: "broken", after: 3 });
    const broken = parseSse((await send(u.cookie, { text: "again" }, undefined, true)).body);
    expect(broken[0]!.event).toBe("start");
    expect(broken.at(-1)).toMatchObject({
      event: "error",
      data: { success: false, code: "LLM_UNAVAILABLE" },
    });
    expect(await balance(u.id)).toBe(3);

    // Refused before it starts: a JSON error with its status, as without streaming.
    const empty = await send(u.cookie, { text: "" }, undefined, true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("VALIDATION_ERROR");
  });

  it("stop: the person going away keeps what had arrived as a stopped reply, and the message stays paid", async () => {
    const { app } = await setUp({ CHAT_CHARGE_ENABLED: "true" });
    const u = await user(3);
    fake!.chunkDelayMs = 30;
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const stop = new AbortController();
    const response = await fetch(`${origin}/api/ai/chat`, {
      method: "POST",
      headers: { cookie: u.cookie, origin, accept: "text/event-stream" },
      body: chatForm({ text: "a long answer please" }),
      signal: stop.signal,
    });
    const reader = response.body!.getReader();
    let seen = "";
    let threadId = "";
    expect(response.status).toBe(200);
    while (!seen.includes("event: delta")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended early: ${seen}`);
      seen += new TextDecoder().decode(value);
      threadId ||= /"threadId":"([^"]+)"/.exec(seen)?.[1] ?? "";
    }
    stop.abort();
    let last: { role: string; status: string; text: string } | undefined;
    for (let i = 0; i < 100 && last?.role !== "assistant"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const messages = (await get(u.cookie, `/api/ai/threads/${threadId}/messages`)).json().messages;
      last = messages.at(-1);
    }
    expect(last).toMatchObject({ role: "assistant", status: "stopped" });
    expect(last!.text.length).toBeGreaterThan(0);
    expect(last!.text.length).toBeLessThan(100);
    expect(await balance(u.id)).toBe(0);
    // The aborted client's socket would hold app.close() until it times out.
    app.server.closeAllConnections();
  });

  it("a model that does not answer in time is a timeout, refunded", async () => {
    await setUp({ CHAT_CHARGE_ENABLED: "true", LLM_TIMEOUT_MS: "300", LLM_MAX_RETRIES: "0" });
    const u = await user(3);
    fake!.script.push({ kind: "slow", delayMs: 1500 });
    const response = await send(u.cookie, { text: "slow" });
    expect(response.statusCode).toBe(504);
    expect(response.json().code).toBe("LLM_TIMEOUT");
    expect(await balance(u.id)).toBe(3);
  });

  it("banned keywords: the server's list, edited by the administrator, checked on every prompt", async () => {
    const { app, admin } = await setUp({ CHAT_CHARGE_ENABLED: "true" });
    const list = (await app.inject({ method: "GET", url: "/api/auth/banned-keywords" })).json();
    expect(list.success).toBe(true);
    expect([...list.keywords].sort()).toEqual([...DEFAULT_BANNED_KEYWORDS].sort());
    const u = await user(20);
    const blocked = await send(u.cookie, { text: "a SEXY portrait" });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().code).toBe("NSFW_PROMPT_BLOCKED");
    expect(await balance(u.id)).toBe(20);

    const put = (cookie: string, keywords: string[]) =>
      app.inject({
        method: "PUT",
        url: "/api/auth/banned-keywords",
        headers: { cookie },
        payload: { keywords },
      });
    expect((await put(u.cookie, ["x"])).statusCode).toBe(403);
    const edited = await put(admin.cookie, ["Lingerie", "nude", "nude"]);
    expect(edited.json().keywords).toEqual(["lingerie", "nude"]);
    expect((await send(u.cookie, { text: "red lingerie" })).json().code).toBe("NSFW_PROMPT_BLOCKED");
    expect((await send(u.cookie, { text: "a sexy portrait" })).statusCode).toBe(200);

    // A helper's answer passes the same check; the charge comes back.
    fake!.script.push({ kind: "reply", text: "```prompt\nnude figure study\n```" });
    const rewrite = await app.inject({
      method: "POST",
      url: "/api/ai/rewrite",
      headers: { cookie: u.cookie },
      payload: { userPrompt: "make it artistic", currentPrompt: "a statue" },
    });
    expect(rewrite.json().code).toBe("NSFW_PROMPT_BLOCKED");
    expect(await balance(u.id)).toBe(17);
  });

  it("rewrite: paid ahead through /api/credit/use or charged itself, 3 credits once, refunded once on failure", async () => {
    const { app } = await setUp();
    const u = await user(10);
    const rewrite = (payload: object) =>
      app.inject({ method: "POST", url: "/api/ai/rewrite", headers: { cookie: u.cookie }, payload });
    const use = await app.inject({
      method: "POST",
      url: "/api/credit/use",
      headers: { cookie: u.cookie },
      payload: { amount: 3 },
    });
    expect(use.json()).toMatchObject({ success: true, credits: 7 });
    const first = await rewrite({
      userPrompt: "더 따뜻한 빛으로",
      currentPrompt: "portrait of a woman",
      threadId: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body.rewrittenPrompt).toMatch(/^portrait photo, Current prompt: portrait of a woman/);
    expect(body.rewrittenPrompt).not.toContain("```");
    expect(await balance(u.id)).toBe(7); // the payment ahead was used, not a second charge

    // Same thread: the model sees the earlier rewrite; no payment ahead: charged here.
    const second = await rewrite({
      userPrompt: "add rain",
      currentPrompt: body.rewrittenPrompt,
      threadId: body.threadId,
    });
    expect(second.json().threadId).toBe(body.threadId);
    expect(fake!.requests.at(-1)!.body.messages).toHaveLength(4);
    expect(await balance(u.id)).toBe(4);

    fake!.script.push({ kind: "error", status: 500 }, { kind: "error", status: 500 });
    await app.inject({
      method: "POST",
      url: "/api/credit/use",
      headers: { cookie: u.cookie },
      payload: { amount: 3 },
    });
    expect(await balance(u.id)).toBe(1);
    const failed = await rewrite({ userPrompt: "cooler", currentPrompt: "x" });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe("LLM_UNAVAILABLE");
    expect(await balance(u.id)).toBe(4);
    // The refunded payment is not used again: the next rewrite pays for itself.
    await rewrite({ userPrompt: "cooler", currentPrompt: "x" });
    expect(await balance(u.id)).toBe(1);
    expect((await rewrite({ userPrompt: "more", currentPrompt: "x" })).json().code).toBe(
      "INSUFFICIENT_CREDITS",
    );
    const refunds = (await t!.services.credits.listLedger(u.id)).filter((row) => row.kind === "refund");
    expect(refunds).toHaveLength(1);

    // Rewrite threads are not chat threads; others' thread ids are 404.
    expect((await get(u.cookie, "/api/ai/threads")).json().threads).toEqual([]);
    const other = await user(10);
    const foreign = await app.inject({
      method: "POST",
      url: "/api/ai/rewrite",
      headers: { cookie: other.cookie },
      payload: { userPrompt: "x", currentPrompt: "y", threadId: body.threadId },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await balance(other.id)).toBe(10);
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/credit/use",
          headers: { cookie: u.cookie },
          payload: { amount: 50 },
        })
      ).statusCode,
    ).toBe(400);
    expect((await rewrite({ userPrompt: "  ", currentPrompt: "x" })).statusCode).toBe(400);
  });

  it("extract-prompt-from-image takes the image as the body", async () => {
    const { app } = await setUp();
    const u = await user();
    const extract = (payload: Buffer | object, type: string) =>
      app.inject({
        method: "POST",
        url: "/api/ai/extract-prompt-from-image",
        headers: { cookie: u.cookie, "content-type": type },
        payload,
      });
    const ok = await extract(await makeJpeg(640, 480), "application/octet-stream");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().prompt).toContain("portrait photo");
    const sent = fake!.requests[0]!.body;
    expect(sent.model).toBe("vision-model");
    expect((sent.messages[1]!.content as Array<{ type: string }>).some((p) => p.type === "image_url")).toBe(
      true,
    );
    expect((await extract(Buffer.from("hello"), "image/png")).json().details.issues[0].reason).toBe(
      "not_image",
    );
    expect((await extract({ a: 1 }, "application/json")).statusCode).toBe(415);
    fake!.script.push({ kind: "error", status: 401, message: "bad key" });
    const rejected = await extract(await makeJpeg(), "image/jpeg");
    expect(rejected.statusCode).toBe(502);
    expect(rejected.json().code).toBe("LLM_REJECTED");
    fake!.script.push({ kind: "reply", text: "   " });
    expect((await extract(await makeJpeg(), "image/jpeg")).json().code).toBe("LLM_EMPTY_REPLY");
  });

  it("auto-prompt: our upload URLs and data URLs, up to 4, 5 credits, refunded on failure", async () => {
    const { app } = await setUp();
    const u = await user(12);
    const uploaded = (await uploadImage(app, u.cookie, await makeJpeg(400, 300))).json().imageUrl as string;
    const dataUrl = `data:image/png;base64,${(await makeJpeg(200, 200)).toString("base64")}`;
    const auto = (cookie: string, payload: object) =>
      app.inject({ method: "POST", url: "/api/seedream/auto-prompt", headers: { cookie }, payload });
    const ok = await auto(u.cookie, { images: [uploaded, dataUrl], userNotes: "배경을 바다로" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().prompt).toContain("portrait photo");
    expect(await balance(u.id)).toBe(7);
    const parts = fake!.requests[0]!.body.messages[1]!.content as Array<{ type: string }>;
    expect(parts.filter((p) => p.type === "image_url")).toHaveLength(2);

    const five = await auto(u.cookie, { images: [dataUrl, dataUrl, dataUrl, dataUrl, dataUrl] });
    expect(five.statusCode).toBe(400);
    const stranger = await user(10);
    expect((await auto(stranger.cookie, { images: [uploaded] })).statusCode).toBe(404);
    expect(await balance(stranger.id)).toBe(10);

    fake!.script.push({ kind: "error", status: 502 }, { kind: "error", status: 502 });
    const down = await auto(u.cookie, { images: [uploaded] });
    expect(down.json().code).toBe("LLM_UNAVAILABLE");
    expect(await balance(u.id)).toBe(7);
    await auto(u.cookie, { images: [uploaded] });
    expect((await auto(u.cookie, { images: [uploaded] })).json().code).toBe("INSUFFICIENT_CREDITS");
  });
});
