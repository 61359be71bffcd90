/** The payment driver is chosen here, once, from the validated config (STYLE habit 3). */
import type { Kysely } from "kysely";
import type { TPaymentsConfig } from "../../config.ts";
import type { DB } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { createPaddleDriver } from "./paddle/paddle.driver.ts";
import type { PaymentDriver } from "./payment-driver.ts";
import { createPriceBook, type PriceBook, SANDBOX_PRICE_IDS } from "./price-book.ts";
import { createSandboxDriver, type TWebhookSink } from "./sandbox/sandbox.driver.ts";

export interface PaymentDriverDeps {
  config: TPaymentsConfig;
  db: Kysely<DB>;
  clock: Clock;
  publicOrigin: string | undefined;
  /** COOKIE_SECURE, for the sandbox checkout form's cookie. */
  cookieSecure: boolean;
  /** Where the sandbox delivers its signed events: billing's webhook handler. */
  deliver: TWebhookSink;
}

export function createPaymentDriver(deps: PaymentDriverDeps): { driver: PaymentDriver; prices: PriceBook } {
  if (deps.config.provider === "paddle") {
    const { apiKey, webhookSecret, environment, apiBaseUrl, priceIds } = deps.config;
    return {
      driver: createPaddleDriver({ apiKey, webhookSecret, environment, apiBaseUrl }),
      prices: createPriceBook(priceIds),
    };
  }
  const prices = createPriceBook(SANDBOX_PRICE_IDS);
  const driver = createSandboxDriver({
    db: deps.db,
    clock: deps.clock,
    prices,
    webhookSecret: deps.config.sandboxWebhookSecret,
    deliver: deps.deliver,
    publicOrigin: deps.publicOrigin,
    isSecureCookie: deps.cookieSecure,
  });
  return { driver, prices };
}
