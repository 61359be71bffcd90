/**
 * The sandbox checkout page is set in the site's font (issue 30): it declares Pretendard's slices
 * itself and the server sends them, so Korean never falls back to a missing system font.
 */
import { afterEach, describe, expect, it } from "vitest";
import { register } from "./helpers/http.ts";
import { openSandboxPage, startCheckout, TEST_SANDBOX_SECRET } from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe("the sandbox checkout page's font", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("declares Pretendard from this server, in both languages and on the missing page", async () => {
    t = await createTestApp({ env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET } });
    const { cookie } = await register(t.app);
    const url = await startCheckout(t.app, cookie, { plan: "basic" });
    const { page } = await openSandboxPage(t.app, url);
    const english = await t.app.inject({ url: `${new URL(url, "http://x").pathname}?lang=en` });
    const missing = await t.app.inject({ url: "/sandbox/checkout/chk_00000000000000000000000000" });
    for (const html of [page.body, english.body, missing.body]) {
      expect(html).toMatch(/body\{[^}]*font-family:"Pretendard Variable"/);
      const faces = html.match(/@font-face ?\{font-family: ?'Pretendard Variable'/g) ?? [];
      expect(faces.length).toBe(92);
      expect(html).toContain("url(/sandbox/fonts/PretendardVariable.subset.0.woff2)");
      expect(html).not.toContain("woff2-dynamic-subset");
    }
    expect(page.headers["content-security-policy"]).toMatch(/font-src 'self'/);
  });

  it("serves the slices it declares, and nothing else from that folder", async () => {
    t = await createTestApp();
    const slice = await t.app.inject({ url: "/sandbox/fonts/PretendardVariable.subset.91.woff2" });
    expect(slice.statusCode).toBe(200);
    expect(slice.headers["content-type"]).toBe("font/woff2");
    expect(slice.rawPayload.subarray(0, 4).toString("latin1")).toBe("wOF2");
    for (const url of [
      "/sandbox/fonts/..%2F..%2Fpackage.json",
      "/sandbox/fonts/PretendardVariable.subset.999.woff2",
      "/sandbox/fonts/pretendardvariable-dynamic-subset.css",
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
  });
});
