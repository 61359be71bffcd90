import {
  MONTHLY_PLAN_CREDITS,
  OUTAGE_COMPENSATION_HOURS,
  REFUND_DEPOSIT_DAYS,
  REFUND_HANDLING_BUSINESS_DAYS,
  REFUND_WINDOW_DAYS,
  RENEWAL_REMINDER_DAYS,
  SERVICE_START_DELAY_HOURS,
  TERMS_EFFECTIVE_DATE,
  UPSCALE_CREDITS_RANGE,
} from "@gyeol/shared/policy";
import {
  article,
  CONTACT_FIELDS,
  formatCount,
  formatLegalDate,
  type LegalDocument,
  type LegalSettings,
  ol,
  operatorBlock,
  p,
  table,
} from "./legal-document.ts";
import { oneTimeValidityEn } from "./terms.en.ts";

const n = (value: number) => formatCount(value, "en");

/** Refund Policy (spec 01 §9 Refund policy; the details of Terms Article 9). */
export function refundEn(s: LegalSettings): LegalDocument {
  const effective = formatLegalDate(TERMS_EFFECTIVE_DATE, "en");
  const reminders = RENEWAL_REMINDER_DAYS.join(", ");
  return {
    title: "Refund Policy",
    lead: `This policy sets out how withdrawals and refunds work for Gyeol subscriptions and credit packs provided by ${s.operatorName} (the "Company"). It forms part of the Terms of Service.`,
    articles: [
      article(
        1,
        "Article 1 (Scope)",
        p(
          "This policy applies to monthly subscriptions (Basic, Deluxe, Premium) and credit pack purchases. Anything it does not cover follows the Terms of Service and applicable law, including the Act on Consumer Protection in Electronic Commerce.",
        ),
      ),
      article(
        2,
        "Article 2 (Right of Withdrawal)",
        ol(
          `If you have not used any credits within ${REFUND_WINDOW_DAYS} days of payment, you may withdraw and receive a full refund.`,
          "Once any credit has been used, the supply of digital content has begun and withdrawal and refunds are limited. The Company says so on the payment screen beforehand.",
          "Subscription renewals follow the same rule: if you have not used the credits from a renewal within 7 days of the renewal date, that renewal payment can be refunded.",
        ),
      ),
      article(
        3,
        "Article 3 (Cancelling a Subscription and Credits)",
        ol(
          "You can cancel a subscription at any time on My Page. The plan's benefits continue until the end of the period already paid for, and no further payment is taken from the next renewal date.",
          `Subscription credits (per month: Basic ${n(MONTHLY_PLAN_CREDITS.basic)}, Deluxe ${n(MONTHLY_PLAN_CREDITS.deluxe)}, Premium ${n(MONTHLY_PLAN_CREDITS.premium)} credits) expire when the subscription ends and are recharged on renewal. A subscription period that has begun is not refunded pro rata.`,
          `${oneTimeValidityEn()} Cancelling a subscription does not affect one-time credits.`,
          `The Company e-mails a renewal reminder ${reminders} days before each renewal date; cancel before then if you do not want to renew.`,
        ),
      ),
      article(
        4,
        "Article 4 (Credit Usage)",
        p(
          `Each tool shows how many credits it uses. For example, one image upscale uses about ${UPSCALE_CREDITS_RANGE.min} to ${UPSCALE_CREDITS_RANGE.max}+ credits, depending on the image size.`,
        ),
        p(
          "If a job fails, the credits charged for it are refunded automatically, once; there is no need to ask for a refund.",
        ),
      ),
      article(
        5,
        "Article 5 (Refund Procedure and Timing)",
        ol(
          `Ask for a refund by e-mail to Support (contact details in Article 8) with your account e-mail, the date of payment and the reason.`,
          `The Company handles the request within ${REFUND_HANDLING_BUSINESS_DAYS} business day of receipt and tells you the result by e-mail.`,
          `Refunds go back to the original payment method and arrive, or the charge is cancelled, within ${REFUND_DEPOSIT_DAYS.min} to ${REFUND_DEPOSIT_DAYS.max} days of approval, depending on the card issuer or payment method.`,
          "Payments are made through the payment provider, so refunds are processed through it as well; exchange-rate differences and overseas transaction fees follow your card issuer's policy.",
        ),
        table(
          "Refunds at a glance",
          ["Situation", "Refund"],
          [
            [`Within ${REFUND_WINDOW_DAYS} days of payment, no credits used`, "Full refund"],
            ["Any credits used", "No refund (except where the law requires one)"],
            ["A job failed", "Its credits are refunded automatically"],
            [
              `Outage of ${OUTAGE_COMPENSATION_HOURS} hours or more through the Company's fault`,
              "Your choice of a cash refund or credits",
            ],
          ],
        ),
      ),
      article(
        6,
        "Article 6 (Compensation for Outages)",
        ol(
          `If the Service is interrupted for ${OUTAGE_COMPENSATION_HOURS} consecutive hours or more through the Company's fault, you may choose either a cash refund of the amount for the interrupted period or compensation in the equivalent credits.`,
          `A delay of up to ${SERVICE_START_DELAY_HOURS} hours after payment in starting a paid service, caused by delayed payment confirmation or a system failure, is not an outage for compensation; beyond that, the rule above applies.`,
        ),
      ),
      article(
        7,
        "Article 7 (Payments by Minors)",
        p(
          "If a minor (under 19) pays without a legal guardian's consent, the minor or the guardian may cancel the payment and receive a refund.",
        ),
      ),
      article(
        8,
        "Article 8 (Contact)",
        p(
          "Refund and payment questions go to the contact below. Requests received outside support hours are answered in order on the next business day.",
        ),
        operatorBlock("contactHeading", CONTACT_FIELDS),
      ),
    ],
    addendum: `This Refund Policy takes effect on ${effective}.`,
  };
}
