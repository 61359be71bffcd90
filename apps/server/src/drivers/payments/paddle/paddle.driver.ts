/**
 * Paddle Billing through @paddle/paddle-node-sdk (ARCHITECTURE: Paddle is a merchant of record
 * open to Korean companies). Checkout creates a transaction (POST /transactions) and sends the
 * browser to its `checkout.url`; plan changes PATCH /subscriptions/{id}; cancel is POST
 * /subscriptions/{id}/cancel at the next billing period; resume removes the scheduled change.
 * Renewals happen on Paddle's side and reach us as webhooks (modules/billing).
 *
 * The SDK takes the API base from its `environment` option and falls back to the value itself
 * when it is not a known environment name, so PADDLE_API_BASE_URL (the contract fake in tests)
 * is passed there; no fork of the HTTP layer is needed.
 */
import { Environment, Paddle, type Subscription } from "@paddle/paddle-node-sdk";
import {
  type CheckoutRequest,
  type PaymentDriver,
  PaymentProviderError,
  type ProviderSubscription,
  type TPlanChangeTiming,
} from "../payment-driver.ts";

export interface PaddleDriverOptions {
  apiKey: string;
  webhookSecret: string;
  environment: "sandbox" | "production";
  /** Overrides the environment's API host (tests: the contract fake). */
  apiBaseUrl?: string | undefined;
}

function readUserId(customData: unknown): number | null {
  const raw = (customData as Record<string, unknown> | null)?.user_id;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

function toProvider(s: Subscription): ProviderSubscription {
  return {
    id: s.id,
    status: s.status,
    customerId: s.customerId ?? null,
    priceIds: s.items.map((item) => item.price.id),
    currentPeriodStart: s.currentBillingPeriod?.startsAt ?? null,
    currentPeriodEnd: s.currentBillingPeriod?.endsAt ?? null,
    scheduledChange: s.scheduledChange
      ? { action: s.scheduledChange.action, effectiveAt: s.scheduledChange.effectiveAt }
      : null,
    canceledAt: s.canceledAt ?? null,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt ?? s.createdAt,
    userId: readUserId(s.customData),
  };
}

/** Paddle's answers (ApiError: code, detail) and network failures become one error type. */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown }).code;
    throw new PaymentProviderError(
      `Paddle ${what} failed${typeof code === "string" ? ` (${code})` : ""}: ${detail}`,
    );
  }
}

export function createPaddleDriver(options: PaddleDriverOptions): PaymentDriver {
  const environment = options.apiBaseUrl
    ? (options.apiBaseUrl.replace(/\/+$/, "") as Environment)
    : options.environment === "production"
      ? Environment.production
      : Environment.sandbox;
  const paddle = new Paddle(options.apiKey, { environment });

  return {
    name: "paddle",
    webhookSecret: options.webhookSecret,

    async createCheckout(request: CheckoutRequest) {
      const transaction = await call("create transaction", () =>
        paddle.transactions.create({
          items: [{ priceId: request.priceId, quantity: 1 }],
          ...(request.customerId ? { customerId: request.customerId } : {}),
          // Paddle copies a checkout transaction's custom_data onto the subscription it creates,
          // so every later event names our user.
          customData: { user_id: String(request.userId) },
        }),
      );
      const url = transaction.checkout?.url;
      if (!url) {
        throw new PaymentProviderError(
          "Paddle returned no checkout URL: set a default payment link in the Paddle dashboard.",
        );
      }
      return { checkoutUrl: url };
    },

    getSubscription: async (id) =>
      toProvider(await call("get subscription", () => paddle.subscriptions.get(id))),

    async changePlan(id: string, priceId: string, timing: TPlanChangeTiming, releaseCancel: boolean) {
      const updated = await call("update subscription", () =>
        paddle.subscriptions.update(id, {
          items: [{ priceId, quantity: 1 }],
          // Upgrade: charge the prorated difference now. Downgrade: bill nothing now; the lower
          // price applies from the next renewal while we keep the paid plan until the period end.
          prorationBillingMode: timing === "prorate_now" ? "prorated_immediately" : "do_not_bill",
          ...(releaseCancel ? { scheduledChange: null } : {}),
        }),
      );
      return toProvider(updated);
    },

    async cancelAtPeriodEnd(id) {
      const canceled = await call("cancel subscription", () =>
        paddle.subscriptions.cancel(id, { effectiveFrom: "next_billing_period" }),
      );
      return toProvider(canceled);
    },

    async removeScheduledCancel(id) {
      const updated = await call("remove scheduled cancel", () =>
        paddle.subscriptions.update(id, { scheduledChange: null }),
      );
      return toProvider(updated);
    },

    // Paddle renews and cancels on its side and reports by webhook.
    advanceSubscriptions: async () => ({ renewed: 0, canceled: 0, failed: 0 }),
  };
}
