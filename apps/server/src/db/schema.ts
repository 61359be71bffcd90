/**
 * Database types for Kysely. Timestamps are ISO-8601 UTC strings and booleans 0/1 integers in
 * both dialects, so rows read the same on SQLite and PostgreSQL (ARCHITECTURE "two scales").
 */
import type { Generated, Insertable, Selectable, Updateable } from "kysely";

export type TUserRole = "user" | "admin";
export type TCreditBucket = "subscription" | "onetime" | "bonus";
export type TLedgerKind = "grant" | "purchase" | "spend" | "refund" | "expiry" | "reward" | "admin";

export interface UsersTable {
  id: Generated<number>;
  /** Stored lowercased; unique. */
  email: string;
  name: string;
  /** Null for accounts that only sign in through an outside provider (later issue). */
  password_hash: string | null;
  role: Generated<TUserRole>;
  plan: Generated<string>;
  subscription_credits: Generated<number>;
  onetime_credits: Generated<number>;
  bonus_credits: Generated<number>;
  balance: Generated<number>;
  cancelled_at: string | null;
  subscription_end_date: string | null;
  next_renewal_date: string | null;
  subscription_id: string | null;
  payment_customer_id: string | null;
  affiliate_code: string | null;
  created_at: string;
  updated_at: string;
  /** When the user confirmed being 14 or older (spec 01 §5); null for accounts made before. */
  age_confirmed_at: string | null;
  /** Deletion asked for; undone by signing in within the window (policy ACCOUNT_DELETION_UNDO_DAYS). */
  deletion_requested_at: string | null;
  /** Personal data removed (the row stays, anonymised, for the ledger and billing records). */
  deleted_at: string | null;
  /** 0/1: the demo user of DEMO_MODE (modules/users/demo-user.ts). */
  is_demo: Generated<number>;
}

/** A Google, Naver or Kakao sign-in attached to a user (modules/auth/social-auth.service.ts). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: "google" | "naver" | "kakao";
  subject: string;
  email: string | null;
  /** 0/1: the provider vouched for the address when it was last seen. */
  email_verified: number;
  created_at: string;
  last_used_at: string;
}

export interface PasswordResetTokensTable {
  /** sha256 hex of the e-mailed token. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Failed password sign-ins per throttle key (auth/login-throttle.service.ts). */
export interface LoginFailuresTable {
  key: string;
  user_id: number | null;
  failures: number;
  last_failed_at: string;
  blocked_until: string | null;
}

export interface SessionsTable {
  /** sha256 hex of the cookie token: a leaked table does not give working cookies. */
  id: string;
  user_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
  ip: string | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  bucket: TCreditBucket;
  delta: number;
  kind: TLedgerKind;
  reason: string;
  idempotency_key: string;
  /** The bucket's balance right after this row was applied. */
  balance_after: number;
  created_at: string;
  /** The job a spend or refund belongs to (tools, issue 4); null otherwise. */
  job_id: string | null;
}

export interface AffiliateClicksTable {
  id: Generated<number>;
  code: string;
  campaign: string | null;
  /** sha256 of ip + user agent: counts unique visitors without storing an address. */
  visitor_hash: string;
  created_at: string;
}

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  /** Sanitised HTML (modules/notices/notice-html.ts); safe to render as stored. */
  content: string;
  /** 0/1 */
  pinned: number;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface NoticeFilesTable {
  id: Generated<number>;
  notice_id: number;
  /** The uploaded name, for display only. */
  file_name: string;
  storage_key: string;
  content_type: string;
  size: number;
  created_at: string;
}

/** Our view of a provider subscription (modules/billing). */
export interface PaymentSubscriptionsTable {
  id: string;
  user_id: number;
  status: string;
  plan: string;
  credited_plan: string | null;
  credited_period_start: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  scheduled_change_action: string | null;
  scheduled_change_effective_at: string | null;
  canceled_at: string | null;
  /** occurred_at of the newest event applied; older events are ignored. */
  last_event_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PaymentEventsTable {
  event_id: string;
  event_type: string;
  occurred_at: string;
  processed_at: string;
}

export interface AffiliateReferralsTable {
  user_id: number;
  referrer_user_id: number;
  code: string;
  created_at: string;
}

/** Provider-side state of the built-in sandbox payment driver. */
/** One rewarded payment through a share link (issue 30, migration 20261201000000). */
export interface AffiliateRewardsTable {
  id: Generated<number>;
  referrer_user_id: number;
  buyer_user_id: number;
  transaction_id: string;
  purchase_credits: number | null;
  credits: number;
  created_at: string;
  seen_at: string | null;
}

export interface SandboxCheckoutsTable {
  id: string;
  user_id: number;
  price_id: string;
  status: "open" | "completed";
  transaction_id: string | null;
  created_at: string;
  completed_at: string | null;
}

export interface SandboxSubscriptionsTable {
  id: string;
  user_id: number;
  customer_id: string;
  price_id: string;
  status: string;
  current_period_start: string;
  current_period_end: string;
  scheduled_change_action: string | null;
  scheduled_change_effective_at: string | null;
  canceled_at: string | null;
  created_at: string;
  updated_at: string;
}

export type TJobRowStatus = "queued" | "processing" | "completed" | "failed";

/** A durable job (modules/jobs). input/output are JSON text. */
export interface JobsTable {
  id: string;
  user_id: number;
  tool: string;
  status: TJobRowStatus;
  input: string;
  output: string | null;
  error_code: string | null;
  error_message: string | null;
  cost: number;
  provider: string;
  provider_job_id: string | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  heartbeat_at: string | null;
}

/** spec 02 §3 History image item; the *_url columns hold storage keys. */
export interface ImagesTable {
  id: Generated<number>;
  user_id: number;
  job_id: string | null;
  source: string;
  status: "processing" | "completed" | "failed";
  image_url: string | null;
  original_image_url: string | null;
  thumbnail_url: string | null;
  prompt: string | null;
  seed: number | null;
  /** JSON array of keys. */
  all_image_urls: string | null;
  /**
   * The provider's id of the job (RunPod job, Kling or Seedream task); the history answer's
   * vendor-named fields are mapped from it and the source (modules/images/vendor-task-fields.ts).
   */
  provider_task_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A tool upload: "pending" between presign and confirm, "ready" once its bytes were checked. */
export interface UploadsTable {
  key: string;
  user_id: number;
  status: "pending" | "ready";
  mime: string;
  size: number;
  checksum_sha256: string | null;
  width: number | null;
  height: number | null;
  /** The detected-regions overlay (POST /api/image/regions), cached per upload. */
  overlay_key: string | null;
  faces_found: number | null;
  created_at: string;
}

export type TRenewalReminderStatus = "sending" | "sent" | "skipped";

/** One renewal reminder e-mail (spec 01 §9), at most once per key (modules/billing/renewal-reminders.service.ts). */
export interface RenewalRemindersTable {
  subscription_id: string;
  user_id: number;
  /** The renewal the reminder is about (users.next_renewal_date). */
  renewal_date: string;
  /** 7, 3 or 1 (policy RENEWAL_REMINDER_DAYS). */
  days_before: number;
  status: TRenewalReminderStatus;
  created_at: string;
  sent_at: string | null;
}

/** The prompt chat (issue 14, migration 20261128000000_ai_chat). */
export interface ChatThreadsTable {
  id: string;
  user_id: number;
  kind: "chat" | "rewrite";
  title: string;
  created_at: string;
  updated_at: string;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  thread_id: string;
  user_id: number;
  role: "user" | "assistant";
  text: string;
  /** A private upload key (uploads/<user id>/…), purged with the tool uploads: the first picture. */
  image_key: string | null;
  /** Every picture of the message, a JSON list of upload keys (issue 27); null on older rows. */
  image_keys: string | null;
  status: "done" | "stopped" | "failed";
  error_code: string | null;
  /** The ledger key of a charged message; its refund is refund:<key>. */
  charge_key: string | null;
  input_tokens: number | null;
  output_tokens: number | null;
  created_at: string;
}

export interface BannedKeywordsTable {
  keyword: string;
  created_at: string;
}

/**
 * Holds of the prompt helpers' and chat's charges (issue 27): a POST /api/credit/use payment
 * waiting for the rewrite it pays for, or the charge of a call in progress. Each is claimed by
 * its call and settled once: done when it delivered, refunded otherwise (the sweep refunds holds
 * nobody settled: a crash midway).
 */
export interface CreditUsesTable {
  id: string;
  user_id: number;
  amount: number;
  spend_key: string;
  /** What used it (rewrite:<id>, chat:<id> …); null while it waits. */
  used_by: string | null;
  created_at: string;
  /** rewrite, chat, auto-prompt; null on rows older than issue 27 (rewrite). */
  purpose: TCreditHoldPurpose | null;
  claimed_at: string | null;
  settled: "done" | "refunded" | null;
  settled_at: string | null;
}

export type TCreditHoldPurpose = "rewrite" | "chat" | "auto-prompt";

/**
 * One number per user that moves with every write to the user's `images` rows (a trigger keeps it,
 * migration 20261203000000): the history page's kept answer is checked against it.
 */
export interface HistoryRevisionsTable {
  user_id: number;
  rev: number;
}

export interface DB {
  users: UsersTable;
  user_identities: UserIdentitiesTable;
  password_reset_tokens: PasswordResetTokensTable;
  sessions: SessionsTable;
  credit_ledger: CreditLedgerTable;
  affiliate_clicks: AffiliateClicksTable;
  payment_subscriptions: PaymentSubscriptionsTable;
  payment_events: PaymentEventsTable;
  affiliate_referrals: AffiliateReferralsTable;
  affiliate_rewards: AffiliateRewardsTable;
  sandbox_checkouts: SandboxCheckoutsTable;
  sandbox_subscriptions: SandboxSubscriptionsTable;
  notices: NoticesTable;
  notice_files: NoticeFilesTable;
  jobs: JobsTable;
  images: ImagesTable;
  history_revisions: HistoryRevisionsTable;
  uploads: UploadsTable;
  renewal_reminders: RenewalRemindersTable;
  login_failures: LoginFailuresTable;
  chat_threads: ChatThreadsTable;
  chat_messages: ChatMessagesTable;
  banned_keywords: BannedKeywordsTable;
  credit_uses: CreditUsesTable;
  samples: SamplesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type PasswordResetTokenRow = Selectable<PasswordResetTokensTable>;
export type CreditLedgerRow = Selectable<CreditLedgerTable>;
export type AffiliateClickRow = Selectable<AffiliateClicksTable>;
export type PaymentSubscriptionRow = Selectable<PaymentSubscriptionsTable>;
export type SandboxSubscriptionRow = Selectable<SandboxSubscriptionsTable>;
export type SandboxCheckoutRow = Selectable<SandboxCheckoutsTable>;
export type NoticeRow = Selectable<NoticesTable>;
export type NoticeFileRow = Selectable<NoticeFilesTable>;
export type JobRow = Selectable<JobsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type UploadRow = Selectable<UploadsTable>;
export type RenewalReminderRow = Selectable<RenewalRemindersTable>;
export type LoginFailureRow = Selectable<LoginFailuresTable>;
export type ChatThreadRow = Selectable<ChatThreadsTable>;
export type ChatMessageRow = Selectable<ChatMessagesTable>;
export type CreditUseRow = Selectable<CreditUsesTable>;

/** A tool's sample (migration 20261130000000_samples). */
export interface SamplesTable {
  id: Generated<number>;
  tool: string;
  prompt: string;
  /** JSON of the tool's other fields (generation: aspect_ratio, num_images). */
  payload: string;
  ref_key: string | null;
  /** JSON list of public storage keys. */
  result_keys: string;
  thumbnail_key: string | null;
  display_order: number;
  created_at: string;
}
export type SampleRow = Selectable<SamplesTable>;
