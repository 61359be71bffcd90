import {
  ACCOUNT_DELETION_UNDO_DAYS,
  BACKUP_CYCLE_DAYS,
  DORMANT_AFTER_INACTIVE_YEARS,
  DORMANT_RETENTION_YEARS,
  MINIMUM_AGE,
  PRIVACY_REQUEST_RESPONSE_DAYS,
  PRIVACY_RETENTION,
  TERMS_CHANGE_NOTICE_DAYS,
  TERMS_EFFECTIVE_DATE,
  TERMS_MAJOR_CHANGE_NOTICE_DAYS,
} from "@gyeol/shared/policy";
import {
  article,
  formatLegalDate,
  type LegalDocument,
  type LegalSettings,
  ol,
  operatorBlock,
  PRIVACY_FIELDS,
  p,
  table,
} from "./legal-document.ts";

/** Privacy Policy: the items Article 30 of the Personal Information Protection Act requires (spec 01 §9). */
export function privacyEn(s: LegalSettings): LegalDocument {
  const effective = formatLegalDate(TERMS_EFFECTIVE_DATE, "en");
  const r = PRIVACY_RETENTION;
  return {
    title: "Privacy Policy",
    lead: `This Privacy Policy is published by ${s.operatorName} (the "Company") under the Personal Information Protection Act of Korea and related laws, to protect users' personal information and to handle related concerns quickly and smoothly.`,
    articles: [
      article(
        1,
        "Article 1 (Purposes of Processing)",
        p(
          "The Company processes personal information for the purposes below and asks for separate consent under Article 18 of the Act if a purpose changes.",
        ),
        ol(
          "Membership: identifying members, keeping them signed in, preventing misuse and refusing sign-ups by children under 14",
          "The Service: retouching, upscaling, editing and generating images, delivering results and showing job history",
          "Paid services: processing payments and refunds, granting and spending credits, renewal reminders",
          "Support: answering enquiries, handling infringement reports and resolving disputes",
          "Safety: automatic screening for prohibited content, responding to security incidents, and usage statistics (only with consent)",
        ),
      ),
      article(
        2,
        "Article 2 (Personal Information Processed)",
        table(
          "Items collected",
          ["Category", "Items", "How collected"],
          [
            ["Sign-up (required)", "E-mail, name (nickname), password (one-way hashed)", "Sign-up form"],
            [
              "Social sign-in (optional)",
              "Google, Naver or Kakao account identifier, e-mail, name",
              "From that provider when linked",
            ],
            [
              "Paid services",
              "Payment records (product, amount, time), payment provider's customer id. Card numbers are not stored by the Company",
              "From the payment provider at payment",
            ],
            [
              "Use of the Service",
              "Uploaded images, prompts, results, credit history",
              "While the Service is used",
            ],
            [
              "Collected automatically",
              "IP address, browser information, access times, usage records, session cookie",
              "While the Service is used",
            ],
            ["Support", "E-mail, enquiry, attachments", "When contacting Support"],
          ],
        ),
      ),
      article(
        3,
        "Article 3 (Retention Periods)",
        p(
          "The Company destroys personal information without delay once its purpose is achieved, except that it keeps the following for the periods below, or longer where the law requires.",
        ),
        table(
          "Retention",
          ["Information", "Kept for", "Reason"],
          [
            [
              "Account data",
              `Until the account is deleted, plus ${r.accountYearsAfterDeletion} years`,
              "Handling disputes and preventing misuse",
            ],
            [
              "Payment and refund records",
              `${r.billingYears} years`,
              "Act on Consumer Protection in Electronic Commerce",
            ],
            ["Uploaded images and results", `${r.uploadDays} days after processing`, "Providing the Service"],
            [
              "Usage records (access logs)",
              `${r.usageLogMonths} months`,
              "Security; Protection of Communications Secrets Act (3 months or more)",
            ],
            [
              "Support and complaint records",
              `${r.supportYears} years`,
              "Act on Consumer Protection in Electronic Commerce",
            ],
            [
              "Dormant account data",
              `${DORMANT_RETENTION_YEARS} year after becoming dormant (stored separately)`,
              `Accounts unused for ${DORMANT_AFTER_INACTIVE_YEARS} year`,
            ],
          ],
        ),
      ),
      article(
        4,
        "Article 4 (Destruction Procedure and Method)",
        ol(
          `When a member asks to delete their account, destruction begins after the ${ACCOUNT_DELETION_UNDO_DAYS}-day undo period. Information the law requires to be kept is stored separately and destroyed when its period ends.`,
          "Electronic files are deleted so that they cannot be recovered; paper records are shredded or incinerated.",
          `Backups are overwritten on a ${BACKUP_CYCLE_DAYS}-day cycle, so deleted information leaves the backups within ${BACKUP_CYCLE_DAYS} days at the latest.`,
        ),
      ),
      article(
        5,
        "Article 5 (Provision to Third Parties)",
        p(
          "The Company processes personal information only within the purposes in Article 1 and does not provide it to third parties unless the user consents or a law specifically provides otherwise.",
        ),
      ),
      article(
        6,
        "Article 6 (Processors and Transfers Abroad)",
        p(
          "To run the Service, the Company entrusts processing to the processors below, binds them by contract to comply with the law, and supervises them.",
        ),
        table(
          "Processors",
          ["Processor", "Task", "Information"],
          [
            [
              "Cloud hosting provider",
              "Running servers; storing data and images",
              "All information needed to run the Service",
            ],
            [
              "Payment provider",
              "Payments, refunds and subscriptions (reseller)",
              "E-mail, payment records, payment-method details",
            ],
          ],
        ),
        p(
          "Where the servers of the payment provider or the cloud host are outside Korea, personal information is transferred to that country over encrypted connections when the Service is used, and kept for the periods in Article 3. Users who do not want this transfer may refrain from paid services or delete their account.",
        ),
      ),
      article(
        7,
        "Article 7 (Your Rights and How to Exercise Them)",
        ol(
          "You may at any time ask to access, correct or delete your personal information, to suspend its processing, or to withdraw consent.",
          `Ask on My Page or by e-mail to Support (contact details in Article 12). After confirming your identity, the Company answers and acts within ${PRIVACY_REQUEST_RESPONSE_DAYS} days.`,
          "You may also act through a legal representative or someone you authorise, who must submit a power of attorney.",
          "Information that another law requires to be kept cannot be deleted on request.",
        ),
      ),
      article(
        8,
        "Article 8 (Children Under 14)",
        p(
          `The Service is not intended for children under ${MINIMUM_AGE}. Processing the personal information of a child under ${MINIMUM_AGE} requires a legal guardian's consent; information found to have been collected without it is destroyed without delay.`,
        ),
      ),
      article(
        9,
        "Article 9 (Automated Decisions and Image Screening)",
        p(
          "To keep prohibited content out, uploaded images are screened automatically by an image analysis system (an in-house classifier or a cloud vision service). A user whose request is refused by screening may, under Article 37-2 of the Act, ask for an explanation or a review by a person.",
        ),
      ),
      article(
        10,
        "Article 10 (Security Measures)",
        ol(
          "Encryption in transit (HTTPS/TLS) and encryption of stored data at rest",
          "Passwords stored with one-way hashing (argon2id); session cookies set HttpOnly and SameSite",
          "Least-privilege access to personal information and access logging",
          "Security updates and vulnerability checks",
        ),
      ),
      article(
        11,
        "Article 11 (Cookies)",
        ol(
          "The Company uses an essential session cookie to keep you signed in. Refusing it means services that need sign-in cannot be used.",
          "Analytics and marketing cookies are off by default and used only with your consent, which you may withdraw at any time.",
          "You can block or delete cookies in your browser settings.",
        ),
      ),
      article(
        12,
        "Article 12 (Privacy Officer)",
        p(
          "The Company has appointed a privacy officer who oversees the processing of personal information and handles users' complaints and remedies.",
        ),
        operatorBlock("privacyHeading", PRIVACY_FIELDS),
      ),
      article(
        13,
        "Article 13 (Remedies)",
        p("For reports or advice about infringements of personal information, you may contact:"),
        ol(
          "Personal Information Dispute Mediation Committee: 1833-6972, www.kopico.go.kr",
          "Personal Information Infringement Report Center (KISA): 118, privacy.kisa.or.kr",
          "Supreme Prosecutors' Office: 1301, www.spo.go.kr",
          "Korean National Police Agency: 182, ecrm.police.go.kr",
        ),
      ),
      article(
        14,
        "Article 14 (Changes to This Policy)",
        p(
          `This Policy applies from ${effective}. Changes are announced on the notice board at least ${TERMS_CHANGE_NOTICE_DAYS} days before they take effect (${TERMS_MAJOR_CHANGE_NOTICE_DAYS} days for changes material to your rights).`,
        ),
      ),
    ],
    addendum: `This Privacy Policy takes effect on ${effective}.`,
  };
}
