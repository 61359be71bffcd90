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
  async function visitorThroughLink(app: TestApp["app"], code: string, name?: string) {
    const click = await app.inject({ url: `/api/affiliate/click?aff=${code}` });
    const aff = click.cookies.find((c) => c.name === "gyeol_aff")!.value;
    const { cookie, body, email } = await register(app, name ? { name } : {});
    return { cookie: `${cookie}; gyeol_aff=${aff}`, id: body.id as number, email };
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

  it("lists what the link earned on My Page, never the buyers' e-mails, and announces each reward once (issue 30)", async () => {
    const app = await setup();
    const a = await sharer(app);
    const b = await visitorThroughLink(app, a.code, "김철수");
    const c = await visitorThroughLink(app, a.code, "someone@example.org");
    const empty = (
      await app.inject({ url: "/api/affiliate/earnings", headers: { cookie: a.cookie } })
    ).json();
    expect(empty).toMatchObject({
      success: true,
      enabled: true,
      affiliate_code: a.code,
      paid: 0,
      total_credits: 0,
    });
    expect(empty.clicks).toBe(2);
    expect(empty.earnings).toEqual([]);

    await buyWithSandbox(app, b.cookie, { package: "package2" });
    clock.advance(60_000);
    await buyWithSandbox(app, c.cookie, { plan: "basic" });
    const response = await app.inject({ url: "/api/affiliate/earnings", headers: { cookie: a.cookie } });
    expect(response.statusCode).toBe(200);
    const earned = response.json();
    expect(earned).toMatchObject({ referred: 2, paid: 2, total_credits: 1500 + 2250, reward_share: 0.5 });
    expect(earned.earnings).toEqual([
      {
        id: expect.any(Number),
        buyer: "s*",
        credits: 2250,
        purchase_credits: 4500,
        created_at: expect.any(String),
      },
      {
        id: expect.any(Number),
        buyer: "김*수",
        credits: 1500,
        purchase_credits: 3000,
        created_at: expect.any(String),
      },
    ]);
    // Nothing in the answer names the buyers: no e-mail, no full name, no id.
    for (const secret of [b.email, c.email, "someone", "김철수", `"${b.id}"`])
      expect(response.body).not.toContain(secret);
    expect(Object.keys(earned.earnings[0]).sort()).toEqual([
      "buyer",
      "created_at",
      "credits",
      "id",
      "purchase_credits",
    ]);

    // The sharer is told once: the first ask gets both rewards, oldest first; any later ask none.
    const [first, second] = await Promise.all(
      [1, 2].map(() =>
        app.inject({
          method: "POST",
          url: "/api/affiliate/rewards/acknowledge",
          headers: { cookie: a.cookie, origin: "http://localhost:80", host: "localhost:80" },
        }),
      ),
    );
    const told = [...first!.json().rewards, ...second!.json().rewards];
    expect(told.map((r: { credits: number }) => r.credits)).toEqual([1500, 2250]);
    const again = await app.inject({
      method: "POST",
      url: "/api/affiliate/rewards/acknowledge",
      headers: { cookie: a.cookie, origin: "http://localhost:80", host: "localhost:80" },
    });
    expect(again.json().rewards).toEqual([]);
    // The buyer sees nothing of the sharer's, and a visitor nothing at all.
    expect(
      (await app.inject({ url: "/api/affiliate/earnings", headers: { cookie: b.cookie } })).json().earnings,
    ).toEqual([]);
    expect((await app.inject({ url: "/api/affiliate/earnings" })).statusCode).toBe(401);
  });
});
