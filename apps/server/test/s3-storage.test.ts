/**
 * The S3 storage driver against an S3-compatible server started here (s3rver): put/get/delete,
 * presigned GET with an attachment name, presigned PUT, CDN host rewrite of public keys (signed
 * URLs left alone), CloudFront signed cookies, and a whole retouch on STORAGE_DRIVER=s3.
 */
import { createHash, generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createS3Storage } from "../src/drivers/storage/s3-storage.ts";
import { startWorker } from "../src/modules/jobs/worker.ts";
import {
  allowAll,
  createFakeEngine,
  makeJpeg,
  signUp,
  startRetouch,
  uploadImage,
  upscaleInput,
  waitForJob,
} from "./helpers/retouch.ts";
import { createTestApp } from "./helpers/test-app.ts";

const BUCKET = "gyeol-test";
let server: S3rver;
let endpoint: string;
let dir: string;

function s3Env(extra: Record<string, string> = {}) {
  return {
    STORAGE_DRIVER: "s3",
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    ...extra,
  };
}

function s3Storage(extra: Record<string, string> = {}) {
  const config = loadConfig(s3Env(extra));
  if (config.storage.driver !== "s3") throw new Error("expected s3");
  return createS3Storage(config.storage, { now: () => new Date() });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "gyeol-s3rver-"));
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("S3 storage driver on s3rver", () => {
  it("stores, reads, signs and deletes objects", async () => {
    const storage = s3Storage();
    const bytes = await makeJpeg();
    const key = await storage.put({
      visibility: "private",
      folder: "uploads/7",
      extension: "jpg",
      contentType: "image/jpeg",
      bytes,
    });
    expect(key).toMatch(/^private\/uploads\/7\/[a-f0-9]{32}\.jpg$/);
    expect(await storage.get(key)).toEqual(bytes);

    const signed = await storage.signedUrl(key, 60, { downloadName: "gyeol-7.jpg" });
    expect(signed.startsWith(`${endpoint}/${BUCKET}/${key}?`)).toBe(true);
    expect(storage.keyFromUrl(signed)).toBe(key);
    const response = await fetch(signed);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="gyeol-7.jpg"');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(
      storage.keyFromUrl("https://evil.example/private/uploads/7/0123456789abcdef0123456789abcdef.jpg"),
    ).toBeNull();
  });

  it("says whether an object exists without reading it (HeadObject)", async () => {
    const storage = s3Storage();
    const key = await storage.put({
      visibility: "private",
      folder: "uploads/8",
      extension: "jpg",
      contentType: "image/jpeg",
      bytes: await makeJpeg(16, 16),
    });
    expect(await storage.exists(key)).toBe(true);
    expect(await storage.exists("public/notices/0123456789abcdef0123456789abcdef.png")).toBe(false);
    expect(await storage.exists("../private/uploads/8/x.jpg")).toBe(false);
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
  });

  it("signs download links only for objects that are in the bucket", async () => {
    const t = await createTestApp({ env: s3Env(), drivers: { moderation: allowAll } });
    try {
      await signUp(t.app);
      const { cookie, body } = await signUp(t.app);
      const presign = (url: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/image/presign-download",
          headers: { cookie },
          payload: { url },
        });
      const { imageUrl } = (await uploadImage(t.app, cookie, await makeJpeg())).json();
      expect((await presign(imageUrl)).statusCode).toBe(200);
      await t.app.services.storage.delete(t.app.services.storage.keyFromUrl(imageUrl)!);
      expect((await presign(imageUrl)).statusCode).toBe(404);
      for (const key of [
        "public/notices/0123456789abcdef0123456789abcdef.png",
        `private/results/${body.id}/0123456789abcdef0123456789abcdef.jpg`,
      ]) {
        expect((await presign(`${endpoint}/${BUCKET}/${key}`)).statusCode, key).toBe(404);
      }
    } finally {
      await t.close();
    }
  });

  it("accepts a presigned PUT carrying the announced headers", async () => {
    const storage = s3Storage();
    const bytes = await makeJpeg(32, 32);
    const checksum = createHash("sha256").update(bytes).digest("base64");
    const key = "private/uploads/9/0123456789abcdef0123456789abcdef.jpg";
    const { url, requiredHeaders } = await storage.presignUpload(
      key,
      { contentType: "image/jpeg", contentLength: bytes.length, checksumSha256: checksum },
      60,
    );
    const put = await fetch(url, { method: "PUT", headers: requiredHeaders, body: bytes });
    expect(put.status, await put.text()).toBe(200);
    expect(await storage.get(key)).toEqual(bytes);
  });

  it("answers public keys on the CDN host and leaves signed URLs on the bucket", async () => {
    const storage = s3Storage({ IMAGE_CDN_HOST: "img.gyeol.test" });
    const key = "public/editor/0123456789abcdef0123456789abcdef.png";
    expect(storage.publicUrl(key)).toBe(`https://img.gyeol.test/${key}`);
    expect(storage.keyFromUrl(`https://img.gyeol.test/${key}`)).toBe(key);
    expect(storage.keyFromUrl(`${endpoint}/${BUCKET}/${key}`)).toBe(key);
    const signed = await storage.signedUrl("private/results/1/0123456789abcdef0123456789abcdef.jpg", 60);
    expect(signed.startsWith(`${endpoint}/${BUCKET}/`)).toBe(true);
    expect(storage.issueCdnCookies(60)).toBeNull();
  });

  it("issues CloudFront signed cookies that verify with the key pair", async () => {
    const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
    const storage = s3Storage({
      IMAGE_CDN_HOST: "img.gyeol.test",
      CLOUDFRONT_KEY_PAIR_ID: "K2JCJMDEHXQW5F",
      CLOUDFRONT_PRIVATE_KEY: pem.replaceAll("\n", "\\n"),
      CLOUDFRONT_COOKIE_DOMAIN: ".gyeol.test",
    });
    const cookies = storage.issueCdnCookies(3600)!;
    const byName = Object.fromEntries(cookies.map((c) => [c.name, c.value]));
    expect(Object.keys(byName).sort()).toEqual([
      "CloudFront-Key-Pair-Id",
      "CloudFront-Policy",
      "CloudFront-Signature",
    ]);
    const unsafe = (v: string) =>
      Buffer.from(v.replace(/-/g, "+").replace(/_/g, "=").replace(/~/g, "/"), "base64");
    const policy = unsafe(byName["CloudFront-Policy"]!).toString();
    expect(JSON.parse(policy).Statement[0].Resource).toBe("https://img.gyeol.test/*");
    const { createVerify } = await import("node:crypto");
    expect(
      createVerify("RSA-SHA1").update(policy).verify(publicKey, unsafe(byName["CloudFront-Signature"]!)),
    ).toBe(true);
    expect(cookies[0]!.domain).toBe(".gyeol.test");
  });

  it("runs a whole retouch with uploads and results in the bucket", async () => {
    const t = await createTestApp({
      env: { ...s3Env({ IMAGE_CDN_HOST: "img.gyeol.test" }), QUEUE_POLL_MS: "20" },
      drivers: { moderation: allowAll, retouchEngine: createFakeEngine() },
    });
    const worker = startWorker(t.app.services, t.config);
    try {
      await signUp(t.app);
      const { cookie, body } = await signUp(t.app);
      await t.app.services.credits.grant(body.id, { amount: 80, reason: "test", idempotencyKey: "g" });
      const upload = (await uploadImage(t.app, cookie, await makeJpeg())).json();
      expect(upload.imageUrl.startsWith(`${endpoint}/${BUCKET}/private/uploads/`)).toBe(true);
      const { jobId } = (await startRetouch(t.app, cookie, upscaleInput(upload.imageUrl))).json();
      const done = await waitForJob(t.app, cookie, jobId);
      expect(done.status).toBe("completed");
      const result = await fetch(done.imageUrl);
      expect(result.status).toBe(200);
      const presign = await t.app.inject({
        method: "POST",
        url: "/api/image/presign-download",
        headers: { cookie },
        payload: { url: done.imageUrl },
      });
      expect(presign.statusCode).toBe(200);
      expect((await fetch(presign.json().downloadUrl)).headers.get("content-disposition")).toMatch(
        /^attachment/,
      );
      const proxied = await t.app.inject({
        url: `/api/image/download?url=${encodeURIComponent(done.imageUrl)}`,
        headers: { cookie },
      });
      expect(proxied.statusCode).toBe(200);
    } finally {
      await worker.stop({ abandon: true });
      await t.close();
    }
  });
});
