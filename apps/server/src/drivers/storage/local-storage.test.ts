import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { registerErrorHandler } from "../../http/error-handler.ts";
import { createLocalStorage } from "./local-storage.ts";
import type { FileStorage } from "./storage.ts";

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

describe("local storage", () => {
  let dir: string;
  let app: FastifyInstance;
  let now = new Date("2026-03-01T00:00:00Z").getTime();

  async function setUp(secret = "s".repeat(32)): Promise<FileStorage> {
    dir = mkdtempSync(path.join(tmpdir(), "gyeol-storage-"));
    const storage = createLocalStorage({ root: dir, secret, clock: { now: () => new Date(now) } });
    app = Fastify();
    registerErrorHandler(app);
    storage.registerRoutes(app);
    return storage;
  }

  afterEach(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("makes random keys under our folder and serves public files with a year of caching", async () => {
    const storage = await setUp();
    const key = await storage.put({
      visibility: "public",
      folder: "notices",
      extension: "png",
      contentType: "image/png",
      bytes: PNG,
    });
    expect(key).toMatch(/^public\/notices\/[a-f0-9]{32}\.png$/);
    const url = storage.publicUrl(key);
    expect(storage.keyFromPublicUrl(url)).toBe(key);
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["content-type"]).toBe("image/png");
  });

  it("serves a private file only through an unexpired, untampered signed URL", async () => {
    const storage = await setUp();
    const key = await storage.put({
      visibility: "private",
      folder: "uploads",
      extension: "png",
      contentType: "image/png",
      bytes: PNG,
    });
    expect(storage.keyFromPublicUrl(storage.publicUrl(key))).toBeNull();
    expect((await app.inject({ url: storage.publicUrl(key) })).statusCode).toBe(403);

    const signed = await storage.signedUrl(key, 60);
    const ok = await app.inject({ url: signed });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["cache-control"]).toMatch(/^private, max-age=(60|[1-5]\d)$/);

    const tampered = signed.replace(/expires=(\d+)/, (_, n) => `expires=${Number(n) + 3600}`);
    expect((await app.inject({ url: tampered })).statusCode).toBe(403);
    now += 61_000;
    expect((await app.inject({ url: signed })).statusCode).toBe(403);
  });

  it("says whether a file exists, for our keys only", async () => {
    const storage = await setUp();
    const key = await storage.put({
      visibility: "private",
      folder: "uploads",
      extension: "png",
      contentType: "image/png",
      bytes: PNG,
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.exists("private/uploads/0123456789abcdef0123456789abcdef.png")).toBe(false);
    expect(await storage.exists("private/uploads")).toBe(false);
    expect(await storage.exists("../../etc/passwd")).toBe(false);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it("answers 404 for keys it never makes: traversal, names, other extensions", async () => {
    await setUp();
    for (const url of [
      "/files/public/../../etc/passwd",
      "/files/public/notices/%2e%2e%2fsecret.png",
      "/files/public/notices/photo.png",
      "/files/public/notices/0123456789abcdef0123456789abcdef.svg",
      "/files/public/notices/0123456789abcdef0123456789abcdef.png",
    ]) {
      expect((await app.inject({ url })).statusCode, url).toBe(404);
    }
  });
});
