/**
 * The composition root: builds every service from the database, the config and the clock.
 * The API, the cron role and the admin CLI all go through these same services.
 */
import path from "node:path";
import type { Config } from "./config.ts";
import { createStore, type Store } from "./db/store.ts";
import type { Database } from "./drivers/db/database.ts";
import { createPaymentDriver } from "./drivers/payments/create-payment-driver.ts";
import type { PaymentDriver } from "./drivers/payments/payment-driver.ts";
import { createLocalStorage } from "./drivers/storage/local-storage.ts";
import type { FileStorage } from "./drivers/storage/storage.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import { argon2Hasher, type PasswordHasher } from "./lib/password.ts";
import { type AffiliateService, createAffiliateService } from "./modules/affiliate/affiliate.service.ts";
import { type AuthService, createAuthService } from "./modules/auth/auth.service.ts";
import { type BillingService, createBillingService } from "./modules/billing/billing.service.ts";
import { type CreditsService, createCreditsService } from "./modules/credits/credits.service.ts";
import { createImagesService, type ImagesService } from "./modules/images/images.service.ts";
import { createNoticesService, type NoticesService } from "./modules/notices/notices.service.ts";
import { createUsersService, type UsersService } from "./modules/users/users.service.ts";

export interface Services {
  store: Store;
  users: UsersService;
  auth: AuthService;
  credits: CreditsService;
  affiliate: AffiliateService;
  storage: FileStorage;
  notices: NoticesService;
  images: ImagesService;
  billing: BillingService;
  payments: PaymentDriver;
}

export interface ServiceDeps {
  db: Database;
  config: Pick<
    Config,
    | "sessionTtlDays"
    | "affiliateEnabled"
    | "dataDir"
    | "fileUrlSecret"
    | "payments"
    | "affiliateWindowDays"
    | "publicOrigin"
  >;
  clock?: Clock;
  passwords?: PasswordHasher;
}

export function createServices({
  db,
  config,
  clock = systemClock,
  passwords = argon2Hasher,
}: ServiceDeps): Services {
  const store = createStore(db.kysely);
  const users = createUsersService({ store, passwords, clock });
  // The storage driver is chosen here, once (issue 4 adds S3 behind the same FileStorage port).
  const storage = createLocalStorage({
    root: path.join(config.dataDir, "files"),
    secret: config.fileUrlSecret,
    clock,
  });
  const affiliate = createAffiliateService({
    store,
    clock,
    isEnabled: config.affiliateEnabled,
    windowDays: config.affiliateWindowDays,
  });
  // The payment driver is chosen once, here. The sandbox hands its signed events to billing's
  // webhook handler, which needs the driver first: hence the late-bound sink.
  let billing: BillingService | undefined;
  const { driver: payments, prices } = createPaymentDriver({
    config: config.payments,
    db: db.kysely,
    clock,
    publicOrigin: config.publicOrigin,
    deliver: (rawBody, signature) => billing!.receiveWebhook(rawBody, signature),
  });
  billing = createBillingService({ store, clock, driver: payments, prices, affiliate });
  return {
    store,
    users,
    auth: createAuthService({ store, users, passwords, clock, sessionTtlDays: config.sessionTtlDays }),
    credits: createCreditsService({ store, clock }),
    affiliate,
    storage,
    notices: createNoticesService({ store, storage, clock }),
    images: createImagesService({ storage }),
    billing,
    payments,
  };
}
