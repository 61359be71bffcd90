import { CREDIT_PACK_CATALOG } from "@gyeol/shared/plans";
import {
  ACCOUNT_DATA_RETENTION_YEARS,
  ACCOUNT_DELETION_UNDO_DAYS,
  DORMANT_AFTER_INACTIVE_YEARS,
  DORMANT_RETENTION_YEARS,
  LIABILITY_CAP,
  MINIMUM_AGE,
  MONTHLY_PLAN_CREDITS,
  ONE_TIME_CREDIT_VALIDITY_DAYS,
  OUTAGE_COMPENSATION_HOURS,
  REFUND_DEPOSIT_DAYS,
  REFUND_HANDLING_BUSINESS_DAYS,
  REFUND_WINDOW_DAYS,
  RENEWAL_REMINDER_DAYS,
  SERVICE_START_DELAY_HOURS,
  TAKEDOWN_DECISION_HOURS,
  TAKEDOWN_RESTORE_DAYS,
  TERMS_CHANGE_NOTICE_DAYS,
  TERMS_EFFECTIVE_DATE,
  TERMS_MAJOR_CHANGE_NOTICE_DAYS,
  UPLOAD_RETENTION_DAYS,
  WITHDRAWAL_CONTENT_DELETION_DAYS,
} from "@gyeol/shared/policy";
import {
  article,
  COMPANY_FIELDS,
  formatCount,
  formatLegalDate,
  type LegalDocument,
  type LegalSettings,
  note,
  ol,
  operatorBlock,
  p,
} from "./legal-document.ts";

const n = (value: number) => formatCount(value, "en");

export function oneTimeValidityEn(): string {
  return ONE_TIME_CREDIT_VALIDITY_DAYS === null
    ? "One-time credits have no expiry date and remain until they are used."
    : `One-time credits can be used for ${ONE_TIME_CREDIT_VALIDITY_DAYS} days from the date of purchase and expire after that.`;
}

function listDays(days: readonly number[]): string {
  const parts = days.map((d) => String(d));
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)} days`;
}

/** Terms of Service (spec 01 §2 Legal pages: 18 articles including prohibited content; §9). */
export function termsEn(s: LegalSettings): LegalDocument {
  const effective = formatLegalDate(TERMS_EFFECTIVE_DATE, "en");
  const packs = Object.values(CREDIT_PACK_CATALOG);
  return {
    title: "Terms of Service",
    lead: `These Terms set out the conditions and procedures for using "Gyeol", the AI portrait retouch service provided by ${s.operatorName} (the "Company"), and the rights and obligations of the Company and its members. Please read them before using the Service.`,
    articles: [
      article(
        1,
        "Article 1 (Purpose)",
        p(
          `These Terms govern the rights, obligations and responsibilities of the Company and members in connection with the website operated by the Company and all services offered on it, including AI retouch and upscaling, image editing, face editing, image generation and the AI prompt chat (the "Service").`,
        ),
      ),
      article(
        2,
        "Article 2 (Definitions)",
        p("In these Terms:"),
        ol(
          `"Member" means a person who has agreed to these Terms, entered into a service agreement with the Company and created an account.`,
          `"Credits" are the in-service units deducted when paid features are used. They are either "subscription credits", recharged every month by a subscription, or "one-time credits", received by buying a credit pack.`,
          `"Subscription" means the paid service under which a Member pays a monthly fee and receives the subscription credits and features of a plan (Basic, Deluxe or Premium).`,
          `"Content" means the images a Member uploads, the prompts a Member enters, and the results the Service produces from them.`,
          `"Payment provider" means the outside business that processes payments and refunds for paid services on the Company's behalf.`,
        ),
      ),
      article(
        3,
        "Article 3 (Posting and Changes of the Terms)",
        ol(
          `The Company posts these Terms where Members can easily read them. These Terms apply from ${effective}.`,
          "The Company may amend these Terms within the limits of applicable law, including the Act on the Regulation of Terms and Conditions and the Act on Consumer Protection in Electronic Commerce.",
          `Amendments are announced on the notice board, with their effective date and reasons, at least ${TERMS_CHANGE_NOTICE_DAYS} days before they take effect. Changes that are unfavourable to Members or material — such as prices, credits or refund conditions — are announced at least ${TERMS_MAJOR_CHANGE_NOTICE_DAYS} days in advance and also sent to the Member's registered e-mail address.`,
          "A Member who does not object before the effective date is deemed to accept the amended Terms. A Member who does not agree may terminate the agreement (delete the account) before that date.",
        ),
      ),
      article(
        4,
        "Article 4 (Formation of the Agreement)",
        ol(
          "The service agreement is formed when an applicant agrees to these Terms and the Privacy Policy, applies for membership and the Company accepts. Members may sign up with an e-mail address or with a Google, Naver or Kakao account.",
          "The Company may refuse an application, or later terminate the agreement, if the applicant used another person's information, gave false information, was previously restricted for breaching these Terms, or applied for a purpose that breaks the law.",
        ),
      ),
      article(
        5,
        "Article 5 (Minors)",
        ol(
          `The Service is intended for people aged ${MINIMUM_AGE} or older. Children under ${MINIMUM_AGE} may not sign up, and the Company may check age at sign-up.`,
          `If the Company learns that personal information of a child under ${MINIMUM_AGE} was collected without the consent of a legal guardian, it deletes the account and the information without delay. Where a guardian's consent is required, the Company obtains it in the manner the Personal Information Protection Act prescribes.`,
          "If a minor pays for a paid service without a legal guardian's consent, the minor or the guardian may cancel the contract.",
        ),
      ),
      article(
        6,
        "Article 6 (Account Management)",
        ol(
          "Members are responsible for their own account and password and must not let third parties use them.",
          "A Member who learns that the account has been stolen or is used by a third party must change the password at once and tell the Company. The Company is not liable for losses caused by failing to do so.",
          "The Company stores passwords only in a form that cannot be reversed (one-way hashing).",
        ),
      ),
      article(
        7,
        "Article 7 (Provision and Changes of the Service)",
        ol(
          "The Service is, in principle, available 24 hours a day, every day of the year. The Company may suspend it temporarily for maintenance, replacement of equipment, failures, loss of communications or other substantial operational reasons; planned maintenance is announced in advance on the notice board.",
          `Paid services are provided as soon as payment is complete. If payment confirmation is delayed or a system failure occurs, the start of the service may be delayed by up to ${SERVICE_START_DELAY_HOURS} hours after payment or after the failure.`,
          "The Company may add, change or end features to improve the Service. Changes unfavourable to Members are announced in advance as described in Article 3.",
          "Some features, such as image editing and image generation, rely on outside AI providers; while such a feature cannot be offered, the screen says so.",
        ),
      ),
      article(
        8,
        "Article 8 (Paid Services and Credits)",
        ol(
          `Each monthly plan recharges subscription credits every month: Basic ${n(MONTHLY_PLAN_CREDITS.basic)}, Deluxe ${n(MONTHLY_PLAN_CREDITS.deluxe)} and Premium ${n(MONTHLY_PLAN_CREDITS.premium)} credits. Prices and features are as shown on the pricing page.`,
          "A subscription renews automatically every month unless cancelled, and new subscription credits are added on the renewal date. Unused subscription credits do not carry over to the next month, and any remaining subscription credits expire when the subscription ends.",
          `Buying a credit pack (${packs.map((pack) => `${pack.name} ${n(pack.credits)}`).join(", ")} credits) gives one-time credits. ${oneTimeValidityEn()}`,
          "Credits are spent from one-time credits first and then from subscription credits. If a job fails, the credits charged for it are refunded automatically, once.",
          `The Company e-mails a reminder of the upcoming renewal and its amount ${listDays(RENEWAL_REMINDER_DAYS)} before each renewal date.`,
          "Payments are made through the payment provider; the Company does not store card numbers or other payment-method details itself.",
        ),
      ),
      article(
        9,
        "Article 9 (Withdrawal and Refunds)",
        ol(
          `Under the Act on Consumer Protection in Electronic Commerce, a Member may withdraw from a purchase within ${REFUND_WINDOW_DAYS} days of payment and receives a full refund if none of the purchased credits have been used in that time.`,
          "Once any of the credits have been used, the supply of digital content has begun and withdrawal is limited under Article 17(2) of the same Act. The Company states this clearly before payment.",
          `Refund requests are handled within ${REFUND_HANDLING_BUSINESS_DAYS} business day of receipt. Depending on the card issuer or payment method, the money returns to the original payment method within ${REFUND_DEPOSIT_DAYS.min} to ${REFUND_DEPOSIT_DAYS.max} days of approval.`,
          "The Refund Policy sets out the details and forms part of these Terms.",
        ),
      ),
      article(
        10,
        "Article 10 (Members' Obligations)",
        p("Members must not:"),
        ol(
          "register false information or use another person's information when signing up or changing details;",
          "call the Service in bulk by automated means, place excessive load on its servers, or bypass or disable its security measures;",
          "resell the Service or its results, or redistribute them for profit, without the Company's prior consent (a Member's use of their own Content excepted);",
          "upload or create prohibited content described in Article 11; or",
          "otherwise break the law or these Terms.",
        ),
      ),
      article(
        11,
        "Article 11 (Prohibited Content and Automatic Screening)",
        p(
          "Members must not upload images or prompts of the following kinds, or use the Service to create such results:",
        ),
        ol(
          "content that sexualises children or adolescents, or suggests it;",
          "obscene material, sexual images made without the consent of the person shown, and deepfakes or other composites of someone's face or body that cause sexual humiliation;",
          "content that changes or composites the face of a real person without their consent in a way that defames them or misleads others;",
          "content that infringes copyright, trademarks or other intellectual property rights;",
          "content that promotes violence, hatred or discrimination, or glorifies or incites crime; and",
          "any other content whose distribution the law prohibits.",
        ),
        p(
          "To keep prohibited content out, uploaded images are screened automatically by an image analysis system (an in-house classifier or a cloud vision service), and prompts containing banned keywords are not processed. A request judged to contain prohibited content is not processed. A Member who disagrees with the result of automatic screening may ask Support for an explanation and a human review.",
        ),
        p(
          "Members who upload prohibited content may be restricted under Article 14, and repeated violations lead to suspension of the account. Content that the law requires to be reported, such as illegally filmed material, is reported to the authorities.",
        ),
      ),
      article(
        12,
        "Article 12 (Rights in Content and Storage)",
        ol(
          "Rights in the images a Member uploads and in the results belong to the Member (or the rightful owner). Members warrant that they have the right to use the images they upload.",
          "The Company processes Content only as far as needed to provide the Service and does not use it to train AI models or for promotion without the Member's consent.",
          `Uploaded images and results are deleted automatically ${UPLOAD_RETENTION_DAYS} days after processing. Please download the results you need within that time.`,
        ),
      ),
      article(
        13,
        "Article 13 (Infringement Reports and Takedown)",
        ol(
          `Anyone who believes their rights are infringed may ask for a takedown by sending the facts and supporting evidence to Support (contact details in Article 17). The Company decides within ${TAKEDOWN_DECISION_HOURS} hours of receipt and informs the reporter and the Member concerned.`,
          `The Member whose content was taken down may ask for it to be restored. The Company passes the request on to the reporter and may restore the content if the reporter raises no objection (such as legal action) within ${TAKEDOWN_RESTORE_DAYS} days.`,
          "The Company follows the temporary-measure procedure of the Act on Promotion of Information and Communications Network Utilization and Information Protection.",
        ),
      ),
      article(
        14,
        "Article 14 (Restrictions and Dormant Accounts)",
        ol(
          "If a Member breaches these Terms, the Company may restrict use step by step: a warning, a temporary suspension, then a permanent suspension. Serious breaches, such as spreading illegal content, may lead to immediate permanent suspension. Repeated violations suspend the account.",
          "A Member who disagrees with a restriction may object to Support within 7 days of being notified; the Company reviews the objection and replies.",
          `An account that has not been signed in to for ${DORMANT_AFTER_INACTIVE_YEARS} year becomes dormant, and its personal information is stored separately from other data. The Company e-mails the Member 30 days before this happens. A dormant account is kept for ${DORMANT_RETENTION_YEARS} year and then destroyed; signing in before then reactivates it.`,
        ),
      ),
      article(
        15,
        "Article 15 (Account Deletion and Data Removal)",
        ol(
          "Members may ask to delete their account at any time on My Page or through Support. An active subscription is cancelled first, and remaining credits expire with the account (except where a refund is due under Article 9).",
          `For ${ACCOUNT_DELETION_UNDO_DAYS} days after asking, a Member can sign in again to undo the deletion. After that the account cannot be recovered.`,
          `A deleted Member's Content is removed within ${WITHDRAWAL_CONTENT_DELETION_DAYS} days of deletion. Account data needed to handle disputes and comply with the law may be kept for up to ${ACCOUNT_DATA_RETENTION_YEARS} years after the account is closed, and records the law requires to be kept, such as payment records, are kept for the period it sets (see the Privacy Policy).`,
        ),
      ),
      article(
        16,
        "Article 16 (Damages and Limitation of Liability)",
        ol(
          "If the Company or a Member breaches these Terms and causes loss to the other, it compensates that loss, unless it acted without intent or negligence.",
          `Except in cases of intent or gross negligence, the Company's liability is limited to the greater of the amounts the Member paid the Company in the ${LIABILITY_CAP.months} months before the loss occurred and USD ${LIABILITY_CAP.minimumUsd}.`,
          "The Company is not liable for failing to provide the Service for reasons beyond its control, such as natural disasters, war, power cuts, or failures of outside providers (telecommunications, cloud hosting, the payment provider or outside AI providers). The quality of AI results depends on the original image, and the Company does not guarantee any particular result.",
          `If the Service is interrupted for ${OUTAGE_COMPENSATION_HOURS} consecutive hours or more through the Company's fault, the Member may choose a cash refund or compensation in credits, as set out in the Refund Policy.`,
          "This Article applies to the extent permitted by law, including the Act on the Regulation of Terms and Conditions, and does not limit consumers' statutory rights.",
        ),
      ),
      article(
        17,
        "Article 17 (Notices and Support)",
        ol(
          "The Company sends notices to the e-mail address registered at sign-up or posts them on the notice board. A notice to all Members may be given by posting it on the notice board for at least 7 days instead of notifying each Member.",
          "Support's contact details and hours, and the Company's details, are below. Requests received outside support hours are answered in order on the next business day.",
        ),
        operatorBlock("companyHeading", COMPANY_FIELDS),
      ),
      article(
        18,
        "Article 18 (Governing Law and Jurisdiction)",
        ol(
          "These Terms and the use of the Service are governed by the laws of the Republic of Korea.",
          "Disputes between the Company and a Member about the Service are first settled in good faith by discussion. If legal action is brought because no agreement is reached, the Seoul Central District Court has jurisdiction at first instance. This does not affect any right to a particular court that the Civil Procedure Act or other law gives consumers.",
        ),
        note("Periods and times in these Terms are counted in Korea Standard Time (KST)."),
      ),
    ],
    addendum: `These Terms take effect on ${effective}.`,
  };
}
