/**
 * A contract fake of Paddle Billing's API (developer.paddle.com/api-reference): a real HTTP server
 * on 127.0.0.1 that speaks the paths the Paddle driver uses, with Paddle's auth header
 * (`Authorization: Bearer <api key>`), status codes, `{ data, meta }` / `{ error, meta }` envelopes
 * and entity shapes, plus signed webhooks (Paddle-Signature) like a notification destination.
 *
 *   POST  /transactions                 → 201, data.checkout.url
 *   GET   /subscriptions/{id}           → 200 | 404 not_found
 *   PATCH /subscriptions/{id}           → 200; items need proration_billing_mode (400 otherwise)
 *   POST  /subscriptions/{id}/cancel    → 200, scheduled_change { action: cancel }
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSubscription {
  id: string;
  status: string;
  customer_id: string;
  price_id: string;
  starts_at: string;
  ends_at: string;
  scheduled_change: { action: "cancel"; effective_at: string; resume_at: null } | null;
  canceled_at: string | null;
  custom_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

function id(prefix: string) {
  return `${prefix}_${randomBytes(13).toString("hex")}`;
}

function price(priceId: string) {
  return {
    id: priceId,
    product_id: "pro_01gsz4t5hdjse780zja8vvr7jg",
    type: "standard",
    description: `Price ${priceId}`,
    name: priceId,
    billing_cycle: { interval: "month", frequency: 1 },
    trial_period: null,
    tax_mode: "account_setting",
    unit_price: { amount: "900", currency_code: "USD" },
    unit_price_overrides: [],
    quantity: { minimum: 1, maximum: 1 },
    status: "active",
    custom_data: null,
    import_meta: null,
    created_at: "2026-01-01T00:00:00.000000Z",
    updated_at: "2026-01-01T00:00:00.000000Z",
  };
}

const PRODUCT = {
  id: "pro_01gsz4t5hdjse780zja8vvr7jg",
  name: "Gyeol",
  type: "standard",
  tax_category: "standard",
  description: null,
  image_url: null,
  custom_data: null,
  status: "active",
  import_meta: null,
  created_at: "2026-01-01T00:00:00.000000Z",
  updated_at: "2026-01-01T00:00:00.000000Z",
};

export function subscriptionEntity(s: FakeSubscription) {
  return {
    id: s.id,
    status: s.status,
    customer_id: s.customer_id,
    address_id: "add_01hv8gwdfkw5z6d1yy6pa3xyrz",
    business_id: null,
    currency_code: "USD",
    created_at: s.created_at,
    updated_at: s.updated_at,
    started_at: s.created_at,
    first_billed_at: s.created_at,
    next_billed_at: s.scheduled_change ? null : s.ends_at,
    paused_at: null,
    canceled_at: s.canceled_at,
    discount: null,
    collection_mode: "automatic",
    billing_details: null,
    current_billing_period: { starts_at: s.starts_at, ends_at: s.ends_at },
    billing_cycle: { interval: "month", frequency: 1 },
    scheduled_change: s.scheduled_change,
    management_urls: { update_payment_method: null, cancel: "https://buyer-portal.paddle.com/cancel" },
    items: [
      {
        status: "active",
        quantity: 1,
        recurring: true,
        created_at: s.created_at,
        updated_at: s.updated_at,
        previously_billed_at: s.starts_at,
        next_billed_at: s.ends_at,
        trial_dates: null,
        price: price(s.price_id),
        product: PRODUCT,
      },
    ],
    custom_data: s.custom_data,
    import_meta: null,
  };
}

export function transactionEntity(t: {
  id: string;
  customer_id: string | null;
  subscription_id: string | null;
  origin: string;
  price_id: string;
  custom_data: Record<string, unknown> | null;
  billing_period: { starts_at: string; ends_at: string } | null;
  status: string;
  checkout_url: string | null;
  at: string;
}) {
  return {
    id: t.id,
    status: t.status,
    customer_id: t.customer_id,
    address_id: null,
    business_id: null,
    custom_data: t.custom_data,
    currency_code: "USD",
    origin: t.origin,
    subscription_id: t.subscription_id,
    invoice_id: null,
    invoice_number: null,
    collection_mode: "automatic",
    discount_id: null,
    billing_details: null,
    billing_period: t.billing_period,
    items: [{ price: price(t.price_id), quantity: 1, proration: null }],
    details: null,
    payments: [],
    checkout: t.checkout_url ? { url: t.checkout_url } : null,
    created_at: t.at,
    updated_at: t.at,
    billed_at: null,
  };
}

export interface PaddleFake {
  baseUrl: string;
  requests: RecordedRequest[];
  subscriptions: Map<string, FakeSubscription>;
  transactions: Map<string, ReturnType<typeof transactionEntity>>;
  /** Seeds a subscription as Paddle creates one after a completed checkout. */
  addSubscription(
    s: Omit<
      FakeSubscription,
      "id" | "created_at" | "updated_at" | "scheduled_change" | "canceled_at" | "status"
    >,
  ): FakeSubscription;
  close(): Promise<void>;
}

export async function startPaddleFake(options: { apiKey: string; now: () => Date }): Promise<PaddleFake> {
  const requests: RecordedRequest[] = [];
  const subscriptions = new Map<string, FakeSubscription>();
  const transactions = new Map<string, ReturnType<typeof transactionEntity>>();
  const meta = () => ({ request_id: randomBytes(16).toString("hex") });

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  }
  function fail(res: ServerResponse, status: number, code: string, detail: string) {
    send(res, status, {
      error: {
        type: "request_error",
        code,
        detail,
        documentation_url: `https://developer.paddle.com/v1/errors/shared/${code}`,
      },
      meta: meta(),
    });
  }

  async function readBody(req: IncomingMessage): Promise<unknown> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    return text ? JSON.parse(text) : undefined;
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req).catch(() => null);
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      authorization: req.headers.authorization,
      body,
    });
    const auth = req.headers.authorization ?? "";
    if (!/^bearer /i.test(auth))
      return fail(res, 401, "authentication_missing", "Authentication header missing");
    if (auth.slice(7) !== options.apiKey)
      return fail(res, 403, "forbidden", "You aren't permitted to perform this request.");
    const now = options.now().toISOString();
    const b = (body ?? {}) as Record<string, unknown>;

    if (req.method === "POST" && url.pathname === "/transactions") {
      const items = b.items as Array<{ price_id?: string; quantity?: number }> | undefined;
      const priceId = items?.[0]?.price_id;
      if (!priceId) return fail(res, 400, "invalid_field", "items[0].price_id is required");
      const txnId = id("txn");
      const txn = transactionEntity({
        id: txnId,
        customer_id: (b.customer_id as string | undefined) ?? null,
        subscription_id: null,
        origin: "api",
        price_id: priceId,
        custom_data: (b.custom_data as Record<string, unknown> | undefined) ?? null,
        billing_period: null,
        status: "ready",
        checkout_url: `https://gyeol.example/pay?_ptxn=${txnId}`,
        at: now,
      });
      transactions.set(txnId, txn);
      return send(res, 201, { data: txn, meta: meta() });
    }

    const match = /^\/subscriptions\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    const sub = match ? subscriptions.get(match[1]!) : undefined;
    if (match && !sub) return fail(res, 404, "not_found", `Subscription ${match[1]} not found`);
    if (sub && req.method === "GET" && !match![2])
      return send(res, 200, { data: subscriptionEntity(sub), meta: meta() });
    if (sub && req.method === "PATCH" && !match![2]) {
      if (sub.status === "canceled")
        return fail(res, 400, "subscription_locked_canceled", "Subscription is canceled");
      const items = b.items as Array<{ price_id: string }> | undefined;
      if (items) {
        if (!b.proration_billing_mode)
          return fail(res, 400, "invalid_field", "proration_billing_mode is required when items change");
        sub.price_id = items[0]!.price_id;
      }
      if ("scheduled_change" in b && b.scheduled_change === null) sub.scheduled_change = null;
      sub.updated_at = now;
      return send(res, 200, { data: subscriptionEntity(sub), meta: meta() });
    }
    if (sub && req.method === "POST" && match![2]) {
      if (b.effective_from === "next_billing_period") {
        sub.scheduled_change = { action: "cancel", effective_at: sub.ends_at, resume_at: null };
      } else {
        sub.status = "canceled";
        sub.canceled_at = now;
      }
      sub.updated_at = now;
      return send(res, 200, { data: subscriptionEntity(sub), meta: meta() });
    }
    return fail(res, 404, "not_found", `No route ${req.method} ${url.pathname}`);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    transactions,
    addSubscription(s) {
      const at = options.now().toISOString();
      const full: FakeSubscription = {
        ...s,
        id: id("sub"),
        status: "active",
        scheduled_change: null,
        canceled_at: null,
        created_at: at,
        updated_at: at,
      };
      subscriptions.set(full.id, full);
      return full;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
