/**
 * Test helpers for the money flow: paying on the sandbox checkout page, and building and sending
 * Paddle-shaped webhook events signed like Paddle-Signature.
 */
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { signPayload } from "../../src/drivers/payments/webhook-signature.ts";
import type { Clock } from "../../src/lib/clock.ts";

export const TEST_SANDBOX_SECRET = "test-sandbox-webhook-secret-0123456789";
export const SUCCESS_CARD = "4242 4242 4242 4242";
export const DECLINE_CARD = "4000 0000 0000 0002";

export async function startCheckout(
  app: FastifyInstance,
  cookie: string,
  body: { plan: string } | { package: string },
) {
  const url = "plan" in body ? "/api/payment/checkout" : "/api/payment/credit-checkout";
  const response = await app.inject({ method: "POST", url, payload: body, headers: { cookie } });
  if (response.statusCode !== 200)
    throw new Error(`checkout failed: ${response.statusCode} ${response.body}`);
  return response.json().checkout_url as string;
}

/** The sandbox checkout page as a browser gets it: its form's anti-CSRF token and the cookie it set. */
export async function openSandboxPage(app: FastifyInstance, checkoutUrl: string) {
  const url = new URL(checkoutUrl, "http://localhost");
  const page = await app.inject({ method: "GET", url: `${url.pathname}${url.search}` });
  const token = /name="csrf_token" value="([^"]+)"/.exec(page.body)?.[1];
  const cookie = page.cookies.find((c) => c.name === "gyeol_checkout_form");
  if (!token) throw new Error(`no form token on the checkout page: ${page.statusCode}`);
  return { page, token, cookie: cookie ? `${cookie.name}=${cookie.value}` : undefined };
}

/** Submits a sandbox checkout form opened with openSandboxPage (twice for a double submit). */
export function submitSandboxForm(
  app: FastifyInstance,
  checkoutUrl: string,
  form: { token: string; cookie: string | undefined },
  card = SUCCESS_CARD,
  lang = "ko",
) {
  const path = new URL(checkoutUrl, "http://localhost").pathname;
  return app.inject({
    method: "POST",
    url: path,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(form.cookie ? { cookie: form.cookie } : {}),
    },
    payload: new URLSearchParams({
      lang,
      card_number: card,
      expiry: "12/34",
      cvc: "123",
      name: "Kim",
      csrf_token: form.token,
    }).toString(),
  });
}

/** Opens the sandbox checkout page and submits its form as a browser would. */
export async function payOnSandboxPage(
  app: FastifyInstance,
  checkoutUrl: string,
  card = SUCCESS_CARD,
  lang = "ko",
) {
  return submitSandboxForm(app, checkoutUrl, await openSandboxPage(app, checkoutUrl), card, lang);
}

export async function buyWithSandbox(
  app: FastifyInstance,
  cookie: string,
  body: { plan: string } | { package: string },
) {
  const url = await startCheckout(app, cookie, body);
  const paid = await payOnSandboxPage(app, url);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode} ${paid.body}`);
  return url;
}

export function newId(prefix: string) {
  return `${prefix}_${randomBytes(13).toString("hex")}`;
}

export function paddleEvent(eventType: string, data: object, occurredAt: string, eventId = newId("evt")) {
  return {
    event_id: eventId,
    event_type: eventType,
    occurred_at: occurredAt,
    notification_id: newId("ntf"),
    data,
  };
}

export function subscriptionEntity(options: {
  id: string;
  userId: number;
  priceId: string;
  status?: string;
  start: string;
  end: string;
  scheduledCancel?: boolean;
  canceledAt?: string | null;
  updatedAt: string;
}) {
  return {
    id: options.id,
    status: options.status ?? "active",
    customer_id: `ctm_${options.userId}`,
    items: [{ price: { id: options.priceId }, quantity: 1 }],
    current_billing_period: { starts_at: options.start, ends_at: options.end },
    scheduled_change: options.scheduledCancel
      ? { action: "cancel", effective_at: options.end, resume_at: null }
      : null,
    canceled_at: options.canceledAt ?? null,
    created_at: options.start,
    updated_at: options.updatedAt,
    custom_data: { user_id: String(options.userId) },
  };
}

export function transactionEntity(options: {
  id: string;
  userId: number;
  priceId: string;
  subscriptionId?: string | null;
  origin?: string;
  period?: { start: string; end: string } | null;
}) {
  return {
    id: options.id,
    status: "completed",
    customer_id: `ctm_${options.userId}`,
    subscription_id: options.subscriptionId ?? null,
    origin: options.origin ?? "web",
    items: [{ price: { id: options.priceId }, quantity: 1 }],
    billing_period: options.period ? { starts_at: options.period.start, ends_at: options.period.end } : null,
    custom_data: { user_id: String(options.userId) },
  };
}

/** POSTs an event to the webhook as the provider would: raw JSON body plus Paddle-Signature. */
export function sendWebhook(
  app: FastifyInstance,
  event: object,
  options: { secret?: string; clock?: Clock; signature?: string; url?: string } = {},
) {
  const body = JSON.stringify(event);
  const signature =
    options.signature ??
    signPayload(
      body,
      options.secret ?? TEST_SANDBOX_SECRET,
      (options.clock ?? { now: () => new Date() }).now(),
    );
  return app.inject({
    method: "POST",
    url: options.url ?? "/api/payment/webhook",
    headers: {
      "content-type": "application/json",
      "paddle-signature": signature,
      origin: "https://evil.example",
    },
    payload: body,
  });
}
