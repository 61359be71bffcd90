import zlib from "node:zlib";
import Fastify from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { registerCompression } from "./compression.ts";

describe("compression of answers sent again as the same bytes", () => {
  afterEach(() => vi.restoreAllMocks());

  it("compresses a kept Buffer once per encoding, and a body built per request every time", async () => {
    const json = JSON.stringify({
      items: Array.from({ length: 80 }, (_, i) => ({ id: i, url: `/files/${i}.jpg` })),
    });
    const kept = Buffer.from(json);
    const app = Fastify();
    registerCompression(app);
    app.get("/kept", (_request, reply) => reply.type("application/json").send(kept));
    app.get("/fresh", (_request, reply) => reply.type("application/json").send(json));
    const brotli = vi.spyOn(zlib, "brotliCompress");
    const gzip = vi.spyOn(zlib, "gzip");
    const get = (url: string, encoding: string) =>
      app.inject({ url, headers: { "accept-encoding": encoding } });

    for (let i = 0; i < 3; i++) {
      const br = await get("/kept", "br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(json);
      const gz = await get("/kept", "gzip");
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(json);
    }
    expect(brotli).toHaveBeenCalledTimes(1);
    expect(gzip).toHaveBeenCalledTimes(1);

    await get("/fresh", "br");
    await get("/fresh", "br");
    expect(brotli).toHaveBeenCalledTimes(3);
    // Without Accept-Encoding the bytes go as they are.
    expect((await app.inject({ url: "/kept" })).rawPayload.toString()).toBe(json);
    await app.close();
  });
});
