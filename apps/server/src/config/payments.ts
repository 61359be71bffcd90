/** Payments (ARCHITECTURE "payments"): the built-in sandbox checkout, or Paddle Billing. */
import { randomBytes } from "node:crypto";
import type { TCreditPackage, TPaidPlan } from "@gyeol/shared/plans";
import { z } from "zod";
import { definePort, issues, zOptionalText } from "./env.ts";

export type TPaymentsConfig =
  | { provider: "sandbox"; sandboxWebhookSecret: string }
  | {
      provider: "paddle";
      apiKey: string;
      webhookSecret: string;
      environment: "sandbox" | "production";
      apiBaseUrl: string | undefined;
      priceIds: Readonly<Record<TPaidPlan | TCreditPackage, string>>;
    };

export interface TPaymentsPortConfig {
  payments: TPaymentsConfig;
}

/** With paddle, the key, the webhook secret and every price id must be set; all missing ones are named. */
export const paymentsPort = definePort(
  "payments",
  {
    PAYMENT_PROVIDER: z.enum(["sandbox", "paddle"]).default("sandbox"),
    PADDLE_API_KEY: zOptionalText,
    PADDLE_WEBHOOK_SECRET: zOptionalText,
    PADDLE_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
    PADDLE_API_BASE_URL: zOptionalText.pipe(z.url().optional()),
    PADDLE_PRICE_BASIC: zOptionalText,
    PADDLE_PRICE_DELUXE: zOptionalText,
    PADDLE_PRICE_PREMIUM: zOptionalText,
    PADDLE_PRICE_PACKAGE1: zOptionalText,
    PADDLE_PRICE_PACKAGE2: zOptionalText,
    PADDLE_PRICE_PACKAGE3: zOptionalText,
    PADDLE_PRICE_PACKAGE4: zOptionalText,
    PADDLE_PRICE_PACKAGE5: zOptionalText,
    SANDBOX_WEBHOOK_SECRET: zOptionalText.pipe(z.string().min(16, "use at least 16 characters").optional()),
  },
  (e) => {
    if (e.PAYMENT_PROVIDER === "sandbox") {
      const payments: TPaymentsConfig = {
        provider: "sandbox",
        sandboxWebhookSecret: e.SANDBOX_WEBHOOK_SECRET ?? randomBytes(32).toString("base64url"),
      };
      return { payments: Object.freeze(payments) } satisfies TPaymentsPortConfig;
    }
    const priceIds = {
      basic: e.PADDLE_PRICE_BASIC,
      deluxe: e.PADDLE_PRICE_DELUXE,
      premium: e.PADDLE_PRICE_PREMIUM,
      package1: e.PADDLE_PRICE_PACKAGE1,
      package2: e.PADDLE_PRICE_PACKAGE2,
      package3: e.PADDLE_PRICE_PACKAGE3,
      package4: e.PADDLE_PRICE_PACKAGE4,
      package5: e.PADDLE_PRICE_PACKAGE5,
    };
    const missing = [
      ...(e.PADDLE_API_KEY ? [] : ["PADDLE_API_KEY"]),
      ...(e.PADDLE_WEBHOOK_SECRET ? [] : ["PADDLE_WEBHOOK_SECRET"]),
      ...Object.entries(priceIds)
        .filter(([, id]) => !id)
        .map(([item]) => `PADDLE_PRICE_${item.toUpperCase()}`),
    ];
    if (missing.length > 0) {
      return issues(...missing.map((name) => `${name}: required when PAYMENT_PROVIDER=paddle`));
    }
    const payments: TPaymentsConfig = {
      provider: "paddle",
      apiKey: e.PADDLE_API_KEY!,
      webhookSecret: e.PADDLE_WEBHOOK_SECRET!,
      environment: e.PADDLE_ENVIRONMENT,
      apiBaseUrl: e.PADDLE_API_BASE_URL,
      priceIds: Object.freeze(priceIds as Record<TPaidPlan | TCreditPackage, string>),
    };
    return { payments: Object.freeze(payments) } satisfies TPaymentsPortConfig;
  },
);
