/**
 * The repositories as one bundle, plus a unit of work: `transaction(fn)` hands `fn` the same
 * repositories bound to one database transaction, so a service can write a ledger row and the
 * balance it changes together without ever touching Kysely itself (STYLE habit 1).
 */
import type { Kysely } from "kysely";
import { createAccountRepository } from "../modules/account/account.repository.ts";
import { createAffiliateRepository } from "../modules/affiliate/affiliate.repository.ts";
import { createAiRepository } from "../modules/ai/ai.repository.ts";
import { createIdentitiesRepository } from "../modules/auth/identities.repository.ts";
import { createLoginFailuresRepository } from "../modules/auth/login-failures.repository.ts";
import { createPasswordResetsRepository } from "../modules/auth/password-resets.repository.ts";
import { createSessionsRepository } from "../modules/auth/sessions.repository.ts";
import { createBillingRepository } from "../modules/billing/billing.repository.ts";
import { createRenewalRemindersRepository } from "../modules/billing/renewal-reminders.repository.ts";
import { createCreditsRepository } from "../modules/credits/credits.repository.ts";
import { createHealthRepository } from "../modules/health/health.repository.ts";
import { createImagesRepository } from "../modules/images/images.repository.ts";
import { createJobsRepository } from "../modules/jobs/jobs.repository.ts";
import { createMetricsRepository } from "../modules/metrics/metrics.repository.ts";
import { createNoticesRepository } from "../modules/notices/notices.repository.ts";
import { createSamplesRepository } from "../modules/samples/samples.repository.ts";
import { createUsersRepository } from "../modules/users/users.repository.ts";
import type { DB } from "./schema.ts";

function createRepositories(db: Kysely<DB>) {
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    loginFailures: createLoginFailuresRepository(db),
    identities: createIdentitiesRepository(db),
    passwordResets: createPasswordResetsRepository(db),
    account: createAccountRepository(db),
    credits: createCreditsRepository(db),
    billing: createBillingRepository(db),
    renewalReminders: createRenewalRemindersRepository(db),
    affiliate: createAffiliateRepository(db),
    health: createHealthRepository(db),
    notices: createNoticesRepository(db),
    jobs: createJobsRepository(db),
    metrics: createMetricsRepository(db),
    images: createImagesRepository(db),
    ai: createAiRepository(db),
    samples: createSamplesRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

export interface Store extends Repositories {
  /**
   * Runs `fn` in one transaction. Inside it, use only the repositories passed to `fn`: on SQLite
   * the single connection is held by the transaction, so the outer ones would wait forever.
   */
  transaction<T>(fn: (tx: Repositories) => Promise<T>): Promise<T>;
}

export function createStore(db: Kysely<DB>): Store {
  return {
    ...createRepositories(db),
    transaction: (fn) => db.transaction().execute((trx) => fn(createRepositories(trx))),
  };
}
