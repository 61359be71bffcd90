/**
 * Renewal reminder e-mails (spec 01 §9 Terms: "renewal reminder e-mails 7, 3 and 1 days before";
 * policy RENEWAL_REMINDER_DAYS): the hourly cron task sends each reminder once, on its day, to
 * subscriptions that will renew, and never to cancelled, free or deleted accounts. Subscriptions
 * are made through the sandbox checkout and renewed by the sandbox's own period-end sweep.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createCronTasks } from "../src/cron/tasks.ts";
import { openDatabase } from "../src/drivers/db/database.ts";
import {
  createMemoryMailDriver,
  type MailDriver,
  type MailMessage,
} from "../src/drivers/mail/mail-driver.ts";
import { DAY_MS } from "../src/lib/clock.ts";
import { createServices, type Services } from "../src/services.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { createFakeClock, type FakeClock } from "./helpers/fake-clock.ts";
import { register } from "./helpers/http.ts";
import { buyWithSandbox, TEST_SANDBOX_SECRET } from "./helpers/payments.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const HOUR_MS = 60 * 60 * 1000;
const START = "2026-03-10T09:00:00.000Z";
/** One month after START: the sandbox's first renewal. */
const RENEWAL = "2026-04-10T09:00:00.000Z";
const NEXT_RENEWAL = "2026-05-10T09:00:00.000Z";
const ORIGIN = "https://gyeol.test";
const SUPPORT = "help@gyeol.test";

type TRunResult = { sent: number; failed: number };

describe.each(TEST_DATABASES)("renewal reminders on $name", (database) => {
  let t: TestApp | undefined;
  let clock: FakeClock;
  let mail: ReturnType<typeof createMemoryMailDriver>;
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
    await t?.close();
    t = undefined;
  });

  async function setup(mailDriver?: MailDriver, env: Record<string, string> = { PUBLIC_ORIGIN: ORIGIN }) {
    clock = createFakeClock(new Date(START));
    mail = createMemoryMailDriver();
    t = await createTestApp({
      database,
      clock,
      env: {
        SANDBOX_WEBHOOK_SECRET: TEST_SANDBOX_SECRET,
        SESSION_TTL_DAYS: "3650",
        SUPPORT_EMAIL: SUPPORT,
        ...env,
      },
      drivers: { mail: mailDriver ?? mail },
    });
    return t;
  }

  /** A signed-up user with a sandbox subscription to `plan`, bought at the clock's time. */
  async function subscriber(plan = "deluxe") {
    const user = await register(t!.app);
    await buyWithSandbox(t!.app, user.cookie, { plan });
    const subscriptionId = (await t!.services.store.users.findById(user.body.id))!.subscription_id!;
    return { ...user, userId: user.body.id as number, subscriptionId };
  }

  const post = (cookie: string, url: string) => t!.app.inject({ method: "POST", url, headers: { cookie } });

  /** The cron task itself, as the cron role runs it. */
  async function runReminders(services: Services = t!.services): Promise<TRunResult> {
    const task = createCronTasks(services).find((candidate) => candidate.name === "send-renewal-reminders");
    expect(task).toBeDefined();
    expect(task!.intervalMs).toBe(HOUR_MS);
    return (await task!.run()) as TRunResult;
  }

  /** Moves the clock to `until` an hour at a time, running the task `runsPerHour` times each hour. */
  async function runHourly(until: string, runsPerHour = 1) {
    const sends: Array<{ at: string; to: string; subject: string }> = [];
    while (clock.now().getTime() < Date.parse(until)) {
      clock.advance(HOUR_MS);
      const before = mail.sent.length;
      for (let run = 0; run < runsPerHour; run++) await runReminders();
      for (const message of mail.sent.slice(before)) {
        sends.push({ at: clock.now().toISOString(), to: message.to, subject: message.subject });
      }
    }
    return sends;
  }

  const moveTo = (iso: string) => clock.advance(Date.parse(iso) - clock.now().getTime());
  const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * DAY_MS).toISOString();
  const rowsOf = async (subscriptionId: string) =>
    (await t!.services.store.renewalReminders.listForSubscription(subscriptionId)).map(
      (row) => `${row.renewal_date.slice(0, 10)}:${row.days_before}:${row.status}`,
    );

  it("sends the 7-, 3- and 1-day reminders on their days, once each, however often the task runs", async () => {
    await setup();
    const { email, subscriptionId } = await subscriber("deluxe");
    moveTo(daysBefore(RENEWAL, 8));
    expect(await runReminders()).toEqual({ sent: 0, failed: 0 });

    // Three runs an hour (several cron processes, or a restart) until a day past the renewal date,
    // which the sandbox has not moved on: a date in the past gets no reminder.
    const sends = await runHourly(daysBefore(RENEWAL, -1), 3);
    expect(sends.map((send) => send.at)).toEqual([
      daysBefore(RENEWAL, 7),
      daysBefore(RENEWAL, 3),
      daysBefore(RENEWAL, 1),
    ]);
    expect(sends.every((send) => send.to === email)).toBe(true);
    expect(await rowsOf(subscriptionId)).toEqual([
      "2026-04-10:7:sent",
      "2026-04-10:3:sent",
      "2026-04-10:1:sent",
    ]);

    const [message] = mail.sent as [MailMessage];
    expect(message.subject).toContain("2026-04-10");
    expect(message.subject).toContain("Deluxe");
    const { text } = message;
    // Korean first, then English, in the one e-mail.
    expect(text.indexOf("[한국어]")).toBe(0);
    expect(text.indexOf("[English]")).toBeGreaterThan(text.indexOf("갱신일: 2026-04-10"));
    expect(text).toContain("결 Deluxe 요금제 구독이 2026-04-10에 자동으로 갱신됩니다.");
    expect(text).toContain("매월 9,500 크레딧");
    expect(text).toContain("Renewal date: 2026-04-10");
    expect(text).toContain("9,500 credits every month");
    expect(text).toContain("US$19");
    expect(text).toContain("마이페이지 → 구독 정보");
    expect(text).toContain("My Page → Subscription");
    expect(text).toContain(`\n${ORIGIN}/mypage\n`);
    expect(text).toContain(`\n${ORIGIN}/en/mypage\n`);
    expect(text).toContain(`문의: ${SUPPORT}`);
    expect(text).toContain(`Questions: ${SUPPORT}`);
  });

  it("after missed runs sends only the nearest reminder and marks the farther ones done", async () => {
    await setup();
    const late = await subscriber("basic");
    const later = await subscriber("premium");
    moveTo(daysBefore(RENEWAL, 2)); // no run since the subscription began
    expect(await runReminders()).toEqual({ sent: 2, failed: 0 });
    expect(mail.sent.map((message) => message.to).sort()).toEqual([late.email, later.email].sort());
    expect(mail.sent.find((message) => message.to === late.email)!.text).toContain("매월 4,500 크레딧");
    expect(await rowsOf(late.subscriptionId)).toEqual(["2026-04-10:7:skipped", "2026-04-10:3:sent"]);
    expect(await runReminders()).toEqual({ sent: 0, failed: 0 });

    // The cron is down again until 12 hours before the renewal: the 1-day reminder, once.
    moveTo(daysBefore(RENEWAL, 0.5));
    expect(await runReminders()).toEqual({ sent: 2, failed: 0 });
    expect(await runReminders()).toEqual({ sent: 0, failed: 0 });
    expect(await rowsOf(later.subscriptionId)).toEqual([
      "2026-04-10:7:skipped",
      "2026-04-10:3:sent",
      "2026-04-10:1:sent",
    ]);
    expect(mail.sent).toHaveLength(4);
  });

  it("reminds nobody who will not renew: cancelled, free, or an account being deleted", async () => {
    await setup();
    const cancelled = await subscriber("deluxe");
    expect((await post(cancelled.cookie, "/api/payment/cancel-subscription")).json()).toMatchObject({
      scheduled: true,
    });
    const free = await register(t!.app);
    await buyWithSandbox(t!.app, free.cookie, { package: "package2" }); // credits, but no plan
    const leaving = await subscriber("basic");
    const now = clock.now().toISOString();
    await t!.services.store.account.setDeletionRequested(leaving.userId, now, now);
    // The control: cancelled and then resumed, so it renews and is reminded.
    const resumed = await subscriber("basic");
    await post(resumed.cookie, "/api/payment/cancel-subscription");
    expect((await post(resumed.cookie, "/api/payment/resume-subscription")).statusCode).toBe(200);

    moveTo(daysBefore(RENEWAL, 8));
    const sends = await runHourly(RENEWAL);
    expect(sends.map((send) => send.to)).toEqual([resumed.email, resumed.email, resumed.email]);
    expect(await rowsOf(cancelled.subscriptionId)).toEqual([]);
    expect(await rowsOf(leaving.subscriptionId)).toEqual([]);
  });

  it("starts a fresh set of reminders when the subscription renews to its next date", async () => {
    await setup();
    const { email, subscriptionId } = await subscriber("premium");
    moveTo(daysBefore(RENEWAL, 8));
    expect((await runHourly(RENEWAL)).map((send) => send.at)).toEqual([
      daysBefore(RENEWAL, 7),
      daysBefore(RENEWAL, 3),
      daysBefore(RENEWAL, 1),
    ]);

    // The sandbox renews at the period end: the next renewal is a month later.
    expect(await t!.services.billing.advanceSubscriptions()).toEqual({ renewed: 1, canceled: 0, failed: 0 });
    const user = await t!.services.store.users.findById(
      (await t!.services.store.billing.findSubscription(subscriptionId))!.user_id,
    );
    expect(user!.next_renewal_date).toBe(NEXT_RENEWAL);

    moveTo(daysBefore(NEXT_RENEWAL, 8));
    const sends = await runHourly(NEXT_RENEWAL);
    expect(sends.map((send) => send.at)).toEqual([
      daysBefore(NEXT_RENEWAL, 7),
      daysBefore(NEXT_RENEWAL, 3),
      daysBefore(NEXT_RENEWAL, 1),
    ]);
    expect(sends.every((send) => send.to === email && send.subject.includes("2026-05-10"))).toBe(true);
    expect(await rowsOf(subscriptionId)).toEqual([
      "2026-04-10:7:sent",
      "2026-04-10:3:sent",
      "2026-04-10:1:sent",
      "2026-05-10:7:sent",
      "2026-05-10:3:sent",
      "2026-05-10:1:sent",
    ]);
  });

  it("names the plan the renewal will bill when a downgrade is scheduled", async () => {
    await setup();
    const { cookie } = await subscriber("premium");
    const change = await t!.app.inject({
      method: "POST",
      url: "/api/payment/change-plan",
      payload: { plan: "basic" },
      headers: { cookie },
    });
    expect(change.json()).toMatchObject({ plan: "premium", nextPlan: "basic", effective: "next_cycle" });
    moveTo(daysBefore(RENEWAL, 7));
    expect(await runReminders()).toEqual({ sent: 1, failed: 0 });
    const [message] = mail.sent as [MailMessage];
    expect(message.subject).toContain("Basic");
    expect(message.text).toContain("매월 4,500 크레딧");
    expect(message.text).not.toContain("Premium");
  });

  it("says nothing about a renewal date that has already passed", async () => {
    await setup();
    const { subscriptionId } = await subscriber("basic");
    // No run between the purchase and an hour past the renewal the sandbox has not swept yet.
    moveTo(daysBefore(RENEWAL, -1 / 24));
    expect(await runReminders()).toEqual({ sent: 0, failed: 0 });
    expect(await rowsOf(subscriptionId)).toEqual([]);
    // Once renewed, the next date is a month away: nothing until its own 7-day mark.
    expect(await t!.services.billing.advanceSubscriptions()).toEqual({ renewed: 1, canceled: 0, failed: 0 });
    expect(await runReminders()).toEqual({ sent: 0, failed: 0 });
    moveTo(daysBefore(NEXT_RENEWAL, 7));
    expect(await runReminders()).toEqual({ sent: 1, failed: 0 });
    expect(await rowsOf(subscriptionId)).toEqual(["2026-05-10:7:sent"]);
  });

  it("links My Page only at PUBLIC_ORIGIN: without it the reminder goes out with no link at all", async () => {
    // OAUTH_REDIRECT_BASE and the port are no stand-in for the site's address.
    await setup(undefined, { OAUTH_REDIRECT_BASE: "https://callbacks.gyeol.test", PORT: "4321" });
    await subscriber("basic");
    moveTo(daysBefore(RENEWAL, 7));
    expect(await runReminders()).toEqual({ sent: 1, failed: 0 });
    const { text } = mail.sent[0]!;
    expect(text).toContain("My Page → Subscription");
    expect(text).not.toMatch(/https?:\/\/|localhost|callbacks/);
  });

  it("leaves a reminder whose e-mail failed to the next run, and goes on with the others", async () => {
    const delivered = createMemoryMailDriver();
    const refused = new Set<string>();
    await setup({
      driver: "memory",
      async send(message) {
        if (refused.has(message.to)) throw new Error("550 mailbox unavailable");
        await delivered.send(message);
      },
    });
    const unlucky = await subscriber("basic");
    const other = await subscriber("deluxe");
    refused.add(unlucky.email);

    moveTo(daysBefore(RENEWAL, 7));
    expect(await runReminders()).toEqual({ sent: 1, failed: 1 });
    expect(delivered.sent.map((message) => message.to)).toEqual([other.email]);
    expect(await rowsOf(unlucky.subscriptionId)).toEqual([]);

    clock.advance(HOUR_MS);
    expect(await runReminders()).toEqual({ sent: 0, failed: 1 });
    refused.clear();
    clock.advance(HOUR_MS);
    expect(await runReminders()).toEqual({ sent: 1, failed: 0 });
    expect(await runReminders()).toEqual({ sent: 0, failed: 0 });
    expect(delivered.sent.map((message) => message.to)).toEqual([other.email, unlucky.email]);
    expect(await rowsOf(unlucky.subscriptionId)).toEqual(["2026-04-10:7:sent"]);
  });

  it("sends each reminder once when two cron processes run at the same moment", async () => {
    await setup();
    const subscribers = [await subscriber("basic"), await subscriber("deluxe"), await subscriber("premium")];
    // A second process: its own services and, on PostgreSQL, its own connection pool. On SQLite it
    // shares the connection: better-sqlite3 waits for a lock synchronously, so two connections in
    // one process would stall each other's event loop (two processes simply take turns).
    const otherDb = database.name === "postgres" ? openDatabase(t!.config.database) : t!.db;
    if (otherDb !== t!.db) closers.push(() => otherDb.destroy());
    const otherMail = createMemoryMailDriver();
    const slow = (driver: MailDriver): MailDriver => ({
      driver: "memory",
      async send(message) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await driver.send(message);
      },
    });
    const first = createServices({ db: t!.db, config: t!.config, clock, drivers: { mail: slow(mail) } });
    const second = createServices({
      db: otherDb,
      config: t!.config,
      clock,
      drivers: { mail: slow(otherMail) },
    });

    moveTo(daysBefore(RENEWAL, 7));
    const results = await Promise.all([runReminders(first), runReminders(second), runReminders(first)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(3);
    expect(results.every((result) => result.failed === 0)).toBe(true);
    const recipients = [...mail.sent, ...otherMail.sent].map((message) => message.to).sort();
    expect(recipients).toEqual(subscribers.map((s) => s.email).sort());
    expect(await Promise.all([runReminders(first), runReminders(second)])).toEqual([
      { sent: 0, failed: 0 },
      { sent: 0, failed: 0 },
    ]);
  });
});
