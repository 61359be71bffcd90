/**
 * Affiliate rewards (spec 01 §1): a share link's first touch is stored on the person who signs
 * up through it; when they pay, the sharer gets half of the credits bought as bonus credits,
 * once per transaction, within AFFILIATE_WINDOW_DAYS; nobody earns from their own link.
 */
import { afterEach, describe, expect, it } from "vitest";
import { DAY_MS } from "../src/lib/clock.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { register } from "./helpers/http.ts";
import { buyWithSandbox, TEST_SANDBOX_SECRET } from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

describe.each(TEST_DATABASES)("affiliate rewards on $name", (database) => {
  let t: TestApp | undefined;
  let clock: FakeClock;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function setup() {
    clock = createFakeClock(new Date("2026-05-01T00:00:00.000Z"));
    t = await createTestApp({
      database,
      clock,
      env: {
        SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET,
        SESSION_TTL_DAYS: "3650",
        AFFILIATE_WINDOW_DAYS: "30",
      },
    });
    return t.app;
  }

  async function sharer(app: TestApp["app"]) {
    const { cookie, body } = await register(app);
    const code = (
      await app.inject({ method: "POST", url: "/api/affiliate/ensure-code", headers: { cookie } })
    ).json().affiliate_code as string;
    return { cookie, id: body.id as number, code };
  }

  /** A visitor opens the share link (the web app reports the click), then signs up. */
  async function visitorThroughLink(app: TestApp["app"], code: string) {
    const click = await app.inject({ url: `/api/affiliate/click?aff=${code}` });
    const aff = click.cookies.find((c) => c.name === "gyeol_aff")!.value;
    const { cookie, body } = await register(app);
    return { cookie: `${cookie}; gyeol_aff=${aff}`, id: body.id as number };
  }

  const bonusOf = async (id: number) => (await t!.services.users.findById(id))!.bonus_credits;

  it("A shares, B signs up through the link and pays, A gets half once", async () => {
    const app = await setup();
    const a = await sharer(app);
    const b = await visitorThroughLink(app, a.code);

    const url = await buyWithSandbox(app, b.cookie, { package: "package2" });
    expect(await bonusOf(a.id)).toBe(1500);
    expect((await t!.services.users.findById(b.id))!.onetime_credits).toBe(3000);
    expect(await bonusOf(b.id)).toBe(0);

    // The same payment again (a double submit, a replayed webhook) rewards nothing more.
    await app.inject({
      method: "POST",
      url: new URL(url, "http://x").pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "card_number=4242424242424242&expiry=12/34&cvc=123",
    });
    expect(await bonusOf(a.id)).toBe(1500);
    const lines = (await t!.services.credits.listLedger(a.id)).filter((l) => l.kind === "reward");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      bucket: "bonus",
      delta: 1500,
      idempotency_key: `reward:txn_${new URL(url, "http://x").pathname.split("/").pop()}`,
    });

    // A second purchase is a second transaction: a second reward (a plan: half of 4,500).
    await buyWithSandbox(app, b.cookie, { plan: "basic" });
    expect(await bonusOf(a.id)).toBe(1500 + 2250);
    const history = (await app.inject({ url: "/api/credits/history", headers: { cookie: a.cookie } })).json();
    expect(history.items.map((i: { kind: string }) => i.kind)).toEqual(["reward", "reward"]);
  });

  it("stores the referral at the first signed-in request and keeps the first touch", async () => {
    const app = await setup();
    const a = await sharer(app);
    const d = await sharer(app);
    const b = await visitorThroughLink(app, a.code);
    const check = await app.inject({ url: "/api/auth/check", headers: { cookie: b.cookie } });
    expect(check.statusCode).toBe(200);
    expect(check.cookies.find((c) => c.name === "gyeol_aff")?.value).toBe("");
    // A later link of someone else does not take the referral away.
    const sessionOnly = b.cookie.split("; ")[0]!;
    await buyWithSandbox(app, `${sessionOnly}; gyeol_aff=${d.code}`, { package: "package1" });
    expect(await bonusOf(a.id)).toBe(750);
    expect(await bonusOf(d.id)).toBe(0);
  });

  it("pays nothing for one's own link", async () => {
    const app = await setup();
    const a = await sharer(app);
    await buyWithSandbox(app, `${a.cookie}; gyeol_aff=${a.code}`, { package: "package5" });
    expect(await bonusOf(a.id)).toBe(0);
    expect((await t!.services.users.findById(a.id))!.onetime_credits).toBe(9750);
  });

  it("pays nothing for a purchase after the attribution window", async () => {
    const app = await setup();
    const a = await sharer(app);
    const b = await visitorThroughLink(app, a.code);
    await app.inject({ url: "/api/auth/check", headers: { cookie: b.cookie } });
    clock.advance(31 * DAY_MS);
    await buyWithSandbox(app, b.cookie.split("; ")[0]!, { package: "package1" });
    expect(await bonusOf(a.id)).toBe(0);
  });
});
