import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { openSse } from "./sse.ts";

describe("openSse", () => {
  it("answers 200 event-stream with the reply's own headers, one-line events and comments", async () => {
    const app = Fastify();
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("x-frame-options", "DENY");
    });
    app.get("/events", async (_request, reply) => {
      const stream = openSse(reply);
      stream.event("status", { text: "two\nlines", n: 1 });
      stream.comment("keep-alive");
      stream.event("done", null);
      stream.end();
      stream.end(); // idempotent
      stream.event("late", 1); // nothing once ended
    });
    const response = await app.inject({ url: "/events" });
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-store",
      "x-accel-buffering": "no",
      "x-frame-options": "DENY",
    });
    expect(response.body).toBe(
      'event: status\ndata: {"text":"two\\nlines","n":1}\n\n: keep-alive\n\nevent: done\ndata: null\n\n',
    );
    await app.close();
  });
});
