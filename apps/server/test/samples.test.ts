/**
 * Issue 26: one samples module for every tool (modules/samples, sample-tools.ts). Each tool's
 * routes exist once under its prefix with the same guards, and rows written by the two former
 * implementations (generation's single ref_key, image edit's payload ref_keys) read and delete
 * the same as before.
 */
import { afterEach, describe, expect, it } from "vitest";
import { GENERATION_SAMPLES, IMAGE_EDIT_SAMPLES, SAMPLE_TOOLS } from "../src/modules/samples/sample-tools.ts";
import { allowAll, makeJpeg, signUp } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function publicFile(app: TestApp) {
  return app.services.storage.put({
    visibility: "public",
    folder: "samples",
    extension: "jpg",
    contentType: "image/jpeg",
    bytes: await makeJpeg(40, 30),
  });
}

describe("samples of every tool", () => {
  it("registers each tool's four routes once, reading for everyone and changing for administrators", async () => {
    t = await createTestApp({ drivers: { moderation: allowAll } });
    await signUp(t.app); // the administrator
    const { cookie } = await signUp(t.app);
    expect(SAMPLE_TOOLS.map((tool) => tool.prefix)).toEqual(["/api/kling/samples", "/api/seedream/samples"]);
    for (const tool of SAMPLE_TOOLS) {
      expect((await t.app.inject({ url: tool.prefix })).json()).toEqual({ success: true, samples: [] });
      for (const [method, url, payload] of [
        ["POST", tool.prefix, { prompt: "x", result_urls: ["/files/a.jpg"] }],
        ["PUT", `${tool.prefix}/reorder`, { samples: [{ id: 1, display_order: 0 }] }],
        ["DELETE", `${tool.prefix}/1`, undefined],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: { cookie }, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it("reads and deletes rows of both former shapes", async () => {
    t = await createTestApp({ drivers: { moderation: allowAll } });
    const { cookie: adminCookie } = await signUp(t.app);
    const { store, storage } = t.services;
    const at = new Date().toISOString();
    // Generation's former row: one reference in ref_key, no ref_keys in the payload.
    const [klingRef, klingResult, klingThumb] = [
      await publicFile(t),
      await publicFile(t),
      await publicFile(t),
    ];
    const kling = await store.samples.insert({
      tool: GENERATION_SAMPLES.tool,
      prompt: "a portrait",
      payload: JSON.stringify({ aspect_ratio: "3x4", num_images: 1 }),
      ref_key: klingRef,
      result_keys: JSON.stringify([klingResult]),
      thumbnail_key: klingThumb,
      display_order: 0,
      created_at: at,
    });
    // Image edit's former row: every reference in the payload's ref_keys.
    const refs = [await publicFile(t), await publicFile(t)];
    const editThumb = await publicFile(t);
    const edit = await store.samples.insert({
      tool: IMAGE_EDIT_SAMPLES.tool,
      prompt: "snow",
      payload: JSON.stringify({ seed: 7, width: 1024, height: 768, num_images: 2, ref_keys: refs }),
      ref_key: refs[0]!,
      result_keys: "[]",
      thumbnail_key: editThumb,
      display_order: 0,
      created_at: at,
    });
    expect((await t.app.inject({ url: "/api/kling/samples" })).json().samples).toEqual([
      {
        id: kling.id,
        prompt: "a portrait",
        aspect_ratio: "3x4",
        num_images: 1,
        ref_image_url: storage.publicUrl(klingRef),
        result_urls: [storage.publicUrl(klingResult)],
        thumbnail_url: storage.publicUrl(klingThumb),
        display_order: 0,
      },
    ]);
    expect((await t.app.inject({ url: "/api/seedream/samples" })).json().samples).toEqual([
      {
        id: edit.id,
        prompt: "snow",
        seed: 7,
        width: 1024,
        height: 768,
        num_images: 2,
        ref_image_urls: refs.map((key) => storage.publicUrl(key)),
        result_urls: [],
        thumbnail_url: storage.publicUrl(editThumb),
        display_order: 0,
      },
    ]);
    // A sample of one tool is not found under the other's prefix.
    const crossed = await t.app.inject({
      method: "DELETE",
      url: `/api/kling/samples/${edit.id}`,
      headers: { cookie: adminCookie },
    });
    expect(crossed.statusCode).toBe(404);
    for (const [prefix, id, keys] of [
      ["/api/seedream/samples", edit.id, [...refs, editThumb]],
      ["/api/kling/samples", kling.id, [klingRef, klingResult, klingThumb]],
    ] as const) {
      const removed = await t.app.inject({
        method: "DELETE",
        url: `${prefix}/${id}`,
        headers: { cookie: adminCookie },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      for (const key of keys) expect(await storage.exists(key), key).toBe(false);
    }
  });
});
