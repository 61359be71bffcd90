/**
 * Paddle's webhook signature (developer.paddle.com "Verify webhook signatures"): the header
 * `Paddle-Signature: ts=<unix seconds>;h1=<hex>` where h1 is HMAC-SHA256 of `${ts}:${rawBody}`
 * under the endpoint's secret. The sandbox signs its events the same way.
 *
 * We verify ourselves rather than with the SDK's `webhooks.unmarshal`: it compares with `===` and
 * against the wall clock, while this compares in constant time and against the injected clock, so
 * tests that move time verify the same code.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "paddle-signature";
/** Older signatures are refused; a replay inside the window is stopped by the event-id check. */
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(rawBody: string, secret: string, now: Date): string {
  const ts = Math.floor(now.getTime() / 1000);
  const h1 = createHmac("sha256", secret).update(`${ts}:${rawBody}`).digest("hex");
  return `ts=${ts};h1=${h1}`;
}

export function isValidSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceS = SIGNATURE_TOLERANCE_S,
): boolean {
  if (!header || !secret) return false;
  let ts: number | undefined;
  const candidates: string[] = [];
  for (const part of header.split(";")) {
    const [key, value] = part.split("=", 2).map((s) => s.trim());
    if (key === "ts" && value && /^\d+$/.test(value)) ts = Number(value);
    // Paddle may send several h1 values while a secret is being rotated.
    if (key === "h1" && value) candidates.push(value);
  }
  if (ts === undefined || candidates.length === 0) return false;
  if (Math.abs(now.getTime() / 1000 - ts) > toleranceS) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(`${ts}:${rawBody}`).digest("hex"));
  return candidates.some((h1) => {
    const given = Buffer.from(h1);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
