import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';

/** A stand-in for apps/web/dist: the index page, a hashed bundle and two public files. */
function writeWebDist(dir: string): string {
  const dist = path.join(dir, "web-dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  mkdirSync(path.join(dist, "samples"), { recursive: true });
  writeFileSync(path.join(dist, "index.html"), INDEX_HTML);
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app')");
  writeFileSync(path.join(dist, "samples", "korean_basic.jpg"), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dist;
}

describe("the web app and its SPA fallback", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function appWithDist() {
    const base = await createTestApp();
    await base.close();
    // A second app whose WEB_DIST_DIR exists before it registers @fastify/static.
    const dist = writeWebDist(base.dir);
    return createTestApp({ env: { WEB_DIST_DIR: dist } });
  }

  it("serves index.html with 200 for app routes and 404 for unknown pages", async () => {
    t = await appWithDist();
    for (const url of [
      "/pricing",
      "/en/notice/3",
      "/en",
      "/terms/kr",
      "/en/terms",
      "/payment/basic?payment=success",
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(response.body, url).toBe(INDEX_HTML);
    }
    const missing = await t.app.inject({ url: "/does-not-exist" });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers["content-type"]).toMatch(/^text\/html/);
    expect(missing.body).toBe(INDEX_HTML);
    expect((await t.app.inject({ method: "HEAD", url: "/pricing" })).statusCode).toBe(200);
  });

  it("serves the root, static files and hashed assets with the right cache headers", async () => {
    t = await appWithDist();
    const root = await t.app.inject({ url: "/" });
    expect(root.statusCode).toBe(200);
    expect(root.headers["cache-control"]).toBe("no-cache");
    const asset = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const sample = await t.app.inject({ url: "/samples/korean_basic.jpg" });
    expect(sample.statusCode).toBe(200);
    expect(sample.headers["content-type"]).toBe("image/jpeg");
    expect((await t.app.inject({ url: "/favicon.svg" })).statusCode).toBe(200);
  });

  it("keeps unknown /api paths JSON", async () => {
    t = await appWithDist();
    const response = await t.app.inject({ url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: "NOT_FOUND", error: "Not found." });
    const post = await t.app.inject({ method: "POST", url: "/pricing" });
    expect(post.statusCode).toBe(404);
    expect(post.json().code).toBe("NOT_FOUND");
  });

  it("tells the operator to build the web app when the dist folder is missing", async () => {
    t = await createTestApp();
    const response = await t.app.inject({ url: "/pricing" });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain("npm run build");
    expect((await t.app.inject({ url: "/api/nope" })).json().code).toBe("NOT_FOUND");
  });
});

describe.each(TEST_DATABASES)("health and flags on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("reports the process and the database healthy", async () => {
    t = await createTestApp({ database });
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok", db: "ok" });
  });

  it("reports 503 when the database is gone", async () => {
    t = await createTestApp({ database });
    await t.app.ready();
    await t.db.destroy();
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "error", db: "error" });
    // Already destroyed above; a second pg Pool.end() would throw.
    t.db.destroy = async () => {};
  });

  it("serves the image-generation flag from the config", async () => {
    t = await createTestApp({ database, env: { IMAGE_GENERATION_ENABLED: "false" } });
    expect((await t.app.inject({ url: "/api/feature/flags" })).json()).toEqual({
      imageGenerationEnabled: false,
      paymentProvider: "sandbox",
      llmEnabled: false,
      llmTestProvider: false,
    });
    await t.close();
    t = await createTestApp({ database });
    expect((await t.app.inject({ url: "/api/feature/flags" })).json()).toEqual({
      imageGenerationEnabled: true,
      paymentProvider: "sandbox",
      llmEnabled: false,
      llmTestProvider: false,
    });
  });
});
