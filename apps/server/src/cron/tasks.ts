import { ONE_TIME_CREDIT_VALIDITY_DAYS, UPLOAD_RETENTION_DAYS } from "@gyeol/shared/policy";
import type { Services } from "../services.ts";
import type { CronTask } from "./scheduler.ts";

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** Sandbox subscriptions renew or end within this long of their period end. */
const SUBSCRIPTION_SWEEP_MS = 5 * 60 * 1000;

/** The cron role's tasks. Expired sessions are already refused at check time; this keeps the table small. */
export function createCronTasks(
  services: Pick<
    Services,
    "auth" | "billing" | "credits" | "account" | "images" | "renewalReminders" | "creditHolds"
  >,
): CronTask[] {
  return [
    {
      // Renewal at the period end (issue 5): the sandbox driver renews or ends its subscriptions
      // through signed events; with Paddle this does nothing (Paddle's webhooks do it).
      name: "advance-subscriptions",
      intervalMs: SUBSCRIPTION_SWEEP_MS,
      run: () => services.billing.advanceSubscriptions(),
    },
    // Only under the terms' reading of one-time credit validity (policy.ts); never by default.
    ...(ONE_TIME_CREDIT_VALIDITY_DAYS === null
      ? []
      : [
          {
            name: "expire-one-time-credits",
            intervalMs: HOUR_MS,
            run: async () => ({
              expired: await services.credits.expireOneTimeCredits(ONE_TIME_CREDIT_VALIDITY_DAYS!),
            }),
          },
        ]),
    {
      // Issue 27: a prompt helper's or chat message's charge nobody settled (a payment ahead no
      // rewrite used, a call whose process died midway) goes back, once.
      name: "refund-abandoned-credit-holds",
      intervalMs: MINUTE_MS,
      run: () => services.creditHolds.refundAbandonedHolds(),
    },
    {
      // spec 01 §4: past the 14-day undo window, a deleted account's personal data and files go.
      name: "purge-deleted-accounts",
      intervalMs: HOUR_MS,
      run: () => services.account.purgeDueAccounts(),
    },
    {
      // spec 01 §4 and the privacy policy: uploads are deleted 30 days after processing.
      name: "purge-expired-uploads",
      intervalMs: HOUR_MS,
      run: () => services.images.purgeExpiredUploads(UPLOAD_RETENTION_DAYS),
    },
    {
      // spec 01 §9 Terms: reminder e-mails 7, 3 and 1 days before a subscription renews. Each is
      // sent at most once (renewal_reminders rows); a failed send is retried on the next run.
      name: "send-renewal-reminders",
      intervalMs: HOUR_MS,
      run: () => services.renewalReminders.sendDueReminders(),
    },
    {
      name: "delete-expired-sessions",
      intervalMs: HOUR_MS,
      run: async () => ({ deleted: await services.auth.deleteExpiredSessions() }),
    },
    {
      name: "delete-forgotten-login-failures",
      intervalMs: HOUR_MS,
      run: async () => ({ deleted: await services.auth.deleteForgottenLoginFailures() }),
    },
  ];
}
