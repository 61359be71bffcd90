/**
 * Renewal reminder e-mails, 7, 3 and 1 days before a subscription renews (spec 01 §9 Terms;
 * policy RENEWAL_REMINDER_DAYS). The cron runs this hourly; each run looks at the subscriptions
 * that will renew (spec 01 §3 display status "active": a paid plan, not cancelled or scheduled to
 * cancel, a next renewal date ahead) and sends the nearest reminder that is due and not yet done.
 *
 * At most once: a reminder's row (subscription, renewal date, days before) is inserted before its
 * e-mail goes out, and only the run whose insert wins sends, so racing cron processes and restarts
 * send each reminder once. A failed send deletes the row again and the next run retries; a crash
 * between the insert and the send loses that one reminder rather than risking a second e-mail.
 * When runs were missed and several thresholds have passed, only the nearest is sent and the
 * farther ones are recorded as skipped. A new renewal date (the next period) has no rows yet, so
 * it starts a fresh set.
 */
import { RENEWAL_REMINDER_DAYS } from "@gyeol/shared/policy";
import { APP_ROUTES, localizePath } from "@gyeol/shared/routes";
import type { Store } from "../../db/store.ts";
import type { MailDriver } from "../../drivers/mail/mail-driver.ts";
import { type Clock, DAY_MS } from "../../lib/clock.ts";
import { composeRenewalReminder } from "./renewal-reminder.mail.ts";
import type { RenewalCandidate, RenewalReminderKey } from "./renewal-reminders.repository.ts";

/** Subscriptions read per query; a run pages through all of them. */
const PAGE_SIZE = 100;

const MY_PAGE_PATH = APP_ROUTES.find((route) => route.id === "mypage")!.path;

/** Nearest first: 1, 3, 7. */
const DAYS_NEAREST_FIRST = [...RENEWAL_REMINDER_DAYS].sort((a, b) => a - b);

export interface RenewalRemindersDeps {
  store: Store;
  mail: MailDriver;
  clock: Clock;
  /**
   * PUBLIC_ORIGIN, for the My Page link (e.g. https://gyeol.app). Unset: the reminder still goes
   * out (the terms promise it) and says where to cancel, without a link to a guessed address.
   */
  siteOrigin: string | undefined;
  supportEmail: string | undefined;
}

export interface RenewalReminderRunResult {
  sent: number;
  failed: number;
}

type TReminderOutcome = "sent" | "failed" | "taken";

export type RenewalRemindersService = ReturnType<typeof createRenewalRemindersService>;

export function createRenewalRemindersService({
  store,
  mail,
  clock,
  siteOrigin,
  supportEmail,
}: RenewalRemindersDeps) {
  const myPageUrls = siteOrigin
    ? {
        ko: `${siteOrigin}${localizePath(MY_PAGE_PATH, "ko")}`,
        en: `${siteOrigin}${localizePath(MY_PAGE_PATH, "en")}`,
      }
    : null;

  async function remind(
    candidate: RenewalCandidate,
    daysBefore: number,
    now: string,
  ): Promise<TReminderOutcome> {
    const key: RenewalReminderKey = {
      subscription_id: candidate.subscription_id,
      renewal_date: candidate.renewal_date,
      days_before: daysBefore,
    };
    const farther = RENEWAL_REMINDER_DAYS.filter((days) => days > daysBefore).map((days) => ({
      ...key,
      days_before: days,
    }));
    // The claim is the first write of its transaction, so on SQLite it takes the write lock at
    // once; on PostgreSQL a racing insert waits for this one and then does nothing.
    const isClaimed = await store.transaction(async (tx) => {
      if (!(await tx.renewalReminders.claim(key, candidate.user_id, now))) return false;
      await tx.renewalReminders.markSkipped(farther, candidate.user_id, now);
      return true;
    });
    if (!isClaimed) return "taken";
    try {
      await mail.send(
        composeRenewalReminder({
          to: candidate.email,
          plan: candidate.plan,
          renewalDate: candidate.renewal_date,
          myPageUrls,
          supportEmail,
        }),
      );
    } catch {
      // One address the mail server refuses must not hold up the others; the row goes so the
      // next run tries again, and the run's result counts the failure for the cron log.
      await store.renewalReminders.release(key);
      return "failed";
    }
    await store.renewalReminders.markSent(key, now);
    return "sent";
  }

  return {
    /** The cron task: sends every reminder due now; returns how many went out and how many failed. */
    async sendDueReminders(): Promise<RenewalReminderRunResult> {
      const at = clock.now();
      const now = at.toISOString();
      const result: RenewalReminderRunResult = { sent: 0, failed: 0 };
      // Each threshold owns the window between it and the next nearer one: renewing in (3, 7] days
      // is due the 7-day reminder, (1, 3] the 3-day one, (0, 1] the 1-day one.
      let nearer = 0;
      for (const daysBefore of DAYS_NEAREST_FIRST) {
        const window = {
          after: new Date(at.getTime() + nearer * DAY_MS).toISOString(),
          until: new Date(at.getTime() + daysBefore * DAY_MS).toISOString(),
          daysBefore,
        };
        nearer = daysBefore;
        let afterId = "";
        for (;;) {
          const page = await store.renewalReminders.listDue({ ...window, afterId, limit: PAGE_SIZE });
          for (const candidate of page) {
            const outcome = await remind(candidate, daysBefore, now);
            if (outcome !== "taken") result[outcome] += 1;
          }
          if (page.length < PAGE_SIZE) break;
          afterId = page.at(-1)!.subscription_id;
        }
      }
      return result;
    },
  };
}
