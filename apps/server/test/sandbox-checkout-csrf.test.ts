/**
 * The sandbox checkout form's anti-CSRF token (issue 11, sandbox-checkout-token.ts): the page
 * renders a token bound to the checkout and to a cookie of this browser; a POST without it, or with
 * any token that is not that one, is 403 CSRF_TOKEN_INVALID and charges nothing.
 */
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import {
  DECLINE_CARD,
  openSandboxPage,
  startCheckout,
  submitSandboxForm,
  TEST_SANDBOX_SECRET,
} from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const FORM_COOKIE = "gyeol_checkout_form";

describe.each(TEST_DATABASES)("the sandbox checkout form's CSRF token on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function buyer(env: Record<string, string> = {}) {
    t = await createTestApp({ database, env: { SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET, ...env } });
    const { cookie } = await register(t.app);
    const url = await startCheckout(t.app, cookie, { package: "package1" });
    return { app: t.app, cookie, url };
  }

  /** Nothing was bought: no credits, and the checkout is still open. */
  async function expectNothingCharged(app: FastifyInstance, cookie: string, url: string) {
    const status = (
      await app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })
    ).json();
    expect(status).toMatchObject({ credits: 0, onetime_credits: 0 });
    expect((await app.inject({ url })).body).not.toContain("이미 완료");
  }

  function expectRefused(response: { statusCode: number; body: string }) {
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('data-code="CSRF_TOKEN_INVALID"');
  }

  it("renders a token into the form and keeps its browser half in a strict, httpOnly cookie", async () => {
    const { app, url } = await buyer({ PUBLIC_ORIGIN: "https://gyeol.app" });
    const { page, token } = await openSandboxPage(app, url);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(page.body).toContain(`<input type="hidden" name="csrf_token" value="${token}">`);
    expect(page.cookies.find((c) => c.name === FORM_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: "Strict",
      path: "/sandbox/checkout",
      secure: true,
    });
  });

  it("refuses a form posted without the token, or without the cookie, and charges nothing", async () => {
    const { app, cookie, url } = await buyer();
    const form = await openSandboxPage(app, url);
    expectRefused(await submitSandboxForm(app, url, { ...form, token: "" }));
    expectRefused(await submitSandboxForm(app, url, { ...form, cookie: undefined }));
    const noField = await app.inject({
      method: "POST",
      url: new URL(url, "http://x").pathname,
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie! },
      payload: "lang=ko&card_number=4242424242424242&expiry=12%2F34&cvc=123",
    });
    expectRefused(noField);
    // A declining card is refused the same way: the token comes before anything else.
    expectRefused(await submitSandboxForm(app, url, { ...form, token: "" }, DECLINE_CARD));
    await expectNothingCharged(app, cookie, url);
  });

  it("refuses a token that is not this browser's for this checkout, and charges nothing", async () => {
    const { app, cookie, url } = await buyer();
    const mine = await openSandboxPage(app, url);
    // Another browser (an attacker who knows the checkout id) opens the same page.
    const theirs = await openSandboxPage(app, url);
    expect(theirs.cookie).not.toBe(mine.cookie);
    expectRefused(await submitSandboxForm(app, url, { token: theirs.token, cookie: mine.cookie }));
    const other = await startCheckout(app, cookie, { package: "package2" });
    const otherForm = await openSandboxPage(app, other);
    expectRefused(await submitSandboxForm(app, url, { token: otherForm.token, cookie: mine.cookie }));
    const flipped = `${mine.token.slice(0, -1)}${mine.token.endsWith("A") ? "B" : "A"}`;
    expectRefused(await submitSandboxForm(app, url, { token: flipped, cookie: mine.cookie }));
    expectRefused(await submitSandboxForm(app, url, { token: `${mine.token}x`, cookie: mine.cookie }));
    await expectNothingCharged(app, cookie, url);
  });

  it("shows the refusal in the page's language with a fresh form that then pays", async () => {
    const { app, cookie, url } = await buyer();
    const form = await openSandboxPage(app, url);
    const refused = await submitSandboxForm(app, url, { ...form, token: "stale" }, undefined, "en");
    expectRefused(refused);
    expect(refused.body).toContain("Nothing was charged");
    const fresh = /name="csrf_token" value="([^"]+)"/.exec(refused.body)![1]!;
    const paid = await submitSandboxForm(app, url, { token: fresh, cookie: form.cookie });
    expect(paid.statusCode).toBe(303);
    const status = (
      await app.inject({ url: "/api/payment/subscription-status", headers: { cookie } })
    ).json();
    expect(status.onetime_credits).toBeGreaterThan(0);
  });
});
