/**
 * The regions preview goes through its engine port (TOOLS.md §5): the images module asks the port,
 * never the engine thread, so a test (or another analyser) replaces it, and the answer is cached
 * per upload so the port runs once however often the page asks.
 */
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import type { RegionsEngine } from "../src/drivers/engines/regions-engine.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { allowAll, makeJpeg, signUp, uploadImage } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("regions port on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("serves the overlay the port drew, with its face count, and asks the port once per upload", async () => {
    const seen: number[] = [];
    const overlay = await sharp({
      create: { width: 4, height: 3, channels: 4, background: { r: 255, g: 200, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const regionsEngine: RegionsEngine = {
      async overlay(bytes) {
        seen.push(bytes.length);
        return { png: overlay, facesFound: 2 };
      },
    };
    t = await createTestApp({ database, drivers: { moderation: allowAll, regionsEngine } });
    const { cookie } = await signUp(t.app);
    const photo = await makeJpeg(320, 240);
    const upload = await uploadImage(t.app, cookie, photo);
    expect(upload.statusCode, upload.body).toBe(200);
    const { imageUrl } = upload.json();

    for (let i = 0; i < 2; i++) {
      const regions = await t.app.inject({
        method: "POST",
        url: "/api/image/regions",
        headers: { cookie },
        payload: { imageUrl },
      });
      expect(regions.statusCode, regions.body).toBe(200);
      expect(regions.json()).toMatchObject({ success: true, facesFound: 2 });
      const file = await t.app.inject({ url: regions.json().overlayUrl, headers: { cookie } });
      expect(file.statusCode).toBe(200);
      expect(Buffer.compare(file.rawPayload, overlay)).toBe(0);
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThan(0);
  });
});
