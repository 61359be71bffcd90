import { afterEach, describe, expect, it } from "vitest";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { register } from "./helpers/http.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("affiliate on $name", (database) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it("creates an 8-character code once and returns the same one after", async () => {
    t = await createTestApp({ database });
    const { cookie } = await register(t.app);
    const first = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/ensure-code",
      headers: { cookie },
    });
    expect(first.statusCode).toBe(200);
    const code = first.json().affiliate_code;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const second = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/ensure-code",
      headers: { cookie },
    });
    expect(second.json()).toEqual({ success: true, affiliate_code: code });
    const checked = await t.app.inject({ url: "/api/auth/check", headers: { cookie } });
    expect(checked.json().user.affiliate_code).toBe(code);
  });

  it("records a click for a real code, keeps no raw address, and sets the first-touch cookie once", async () => {
    t = await createTestApp({ database });
    const { cookie } = await register(t.app);
    const code = (
      await t.app.inject({ method: "POST", url: "/api/affiliate/ensure-code", headers: { cookie } })
    ).json().affiliate_code as string;

    const click = await t.app.inject({
      url: `/api/affiliate/click?aff=${code}&campaign=spring`,
      headers: { "user-agent": "test-browser" },
    });
    expect(click.statusCode).toBe(200);
    expect(click.json()).toEqual({ success: true, recorded: true });
    const affCookie = click.cookies.find((c) => c.name === "gyeol_aff");
    expect(affCookie).toMatchObject({ value: code, httpOnly: true, maxAge: 30 * 24 * 3600 });
    expect(await t.services.affiliate.countClicks(code)).toBe(1);

    // A visitor who already carries a referral keeps it (first touch wins).
    const later = await t.app.inject({
      url: `/api/affiliate/click?aff=${code}`,
      cookies: { gyeol_aff: "FIRSTONE" },
    });
    expect(later.json()).toEqual({ success: true, recorded: true });
    expect(later.cookies.find((c) => c.name === "gyeol_aff")).toBeUndefined();
    expect(await t.services.affiliate.countClicks(code)).toBe(2);
  });

  it("answers recorded false for a well-formed code nobody owns", async () => {
    t = await createTestApp({ database });
    const click = await t.app.inject({ url: "/api/affiliate/click?aff=NOBODY99" });
    expect(click.statusCode).toBe(200);
    expect(click.json()).toEqual({ success: true, recorded: false });
    expect(click.cookies).toHaveLength(0);
  });

  it("refuses an invalid code with 400", async () => {
    t = await createTestApp({ database });
    const click = await t.app.inject({ url: "/api/affiliate/click?aff=%3Cscript%3E" });
    expect(click.statusCode).toBe(400);
    expect(click.json()).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
  });

  it("reports the programme switch and refuses codes while it is off", async () => {
    t = await createTestApp({ database, env: { AFFILIATE_ENABLED: "false" } });
    expect((await t.app.inject({ url: "/api/affiliate/enabled" })).json()).toEqual({ enabled: false });
    const { cookie } = await register(t.app);
    const ensure = await t.app.inject({
      method: "POST",
      url: "/api/affiliate/ensure-code",
      headers: { cookie },
    });
    expect(ensure.statusCode).toBe(403);
    expect(ensure.json().code).toBe("FORBIDDEN");
  });
});
