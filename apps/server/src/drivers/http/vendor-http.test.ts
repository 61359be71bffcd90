/**
 * The vendor HTTP helper (issue 26): the one timeout, retry and backoff policy every driver uses.
 * A scripted fetch stands in for the vendor, so each attempt's answer and timing is known.
 */
import { describe, expect, it } from "vitest";
import {
  backoffDelay,
  isVendorHttpError,
  retryAfterMs,
  VendorHttpError,
  vendorFetch,
} from "./vendor-http.ts";

type Step = Response | Error | "hang";

/** A fetch that plays `steps` in order, one per call, and records when each call came. */
function scripted(steps: Step[]) {
  const calls: Array<{ at: number; init: RequestInit | undefined }> = [];
  const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
    calls.push({ at: Date.now(), init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)]!;
    if (step === "hang")
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason), { once: true });
      });
    if (step instanceof Error) throw step;
    return step.clone();
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const lostConnection = () =>
  Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
const FAST = { timeoutMs: 2000, backoffMs: 5, maxBackoffMs: 20 };

describe("vendorFetch", () => {
  it("returns a good answer at once, with one attempt", async () => {
    const { fetch, calls } = scripted([new Response("ok")]);
    const response = await vendorFetch(
      "https://v.test/a",
      { method: "POST" },
      { ...FAST, retries: 3, fetch },
    );
    expect(await response.text()).toBe("ok");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init?.method).toBe("POST");
  });

  it("tries a 429, a 5xx and a lost connection again, then returns the good answer", async () => {
    const { fetch, calls } = scripted([
      new Response("busy", { status: 429 }),
      new Response("broken", { status: 503 }),
      lostConnection(),
      new Response("ok"),
    ]);
    const response = await vendorFetch("https://v.test/a", {}, { ...FAST, retries: 3, fetch });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(4);
  });

  it("backs off, doubling from the base up to the cap", async () => {
    expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, 500, 8000))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000,
    ]);
    const { fetch, calls } = scripted([
      new Response("", { status: 500 }),
      new Response("", { status: 500 }),
      new Response("ok"),
    ]);
    await vendorFetch("https://v.test/a", {}, { timeoutMs: 2000, backoffMs: 60, retries: 2, fetch });
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(55);
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(115);
  });

  it("waits as long as Retry-After says (seconds or a date), within its cap", async () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(retryAfterMs("soon")).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
    const { fetch, calls } = scripted([
      new Response("", { status: 429, headers: { "retry-after": "1" } }),
      new Response("ok"),
    ]);
    await vendorFetch("https://v.test/a", {}, { ...FAST, retries: 1, fetch });
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
    const capped = scripted([
      new Response("", { status: 429, headers: { "retry-after": "3600" } }),
      new Response("ok"),
    ]);
    const started = Date.now();
    await vendorFetch(
      "https://v.test/a",
      {},
      { ...FAST, retries: 1, maxRetryAfterMs: 50, fetch: capped.fetch },
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect(capped.calls).toHaveLength(2);
  });

  it("never tries a 4xx again: the vendor's verdict comes back as it is", async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      const { fetch, calls } = scripted([new Response("no", { status }), new Response("ok")]);
      const response = await vendorFetch("https://v.test/a", {}, { ...FAST, retries: 3, fetch });
      expect(response.status).toBe(status);
      expect(calls).toHaveLength(1);
    }
  });

  it("returns the last weather answer when the tries run out", async () => {
    const { fetch, calls } = scripted([new Response("", { status: 502 })]);
    const response = await vendorFetch("https://v.test/a", {}, { ...FAST, retries: 2, fetch });
    expect(response.status).toBe(502);
    expect(calls).toHaveLength(3);
  });

  it("bounds each attempt: a vendor that never answers is a timeout, tried again, then VendorHttpError", async () => {
    const { fetch, calls } = scripted(["hang"]);
    const started = Date.now();
    const error = await vendorFetch(
      "https://v.test/a",
      {},
      { ...FAST, timeoutMs: 80, retries: 1, fetch },
    ).catch((e: unknown) => e);
    expect(isVendorHttpError(error)).toBe(true);
    expect(error).toMatchObject({ kind: "timeout", attempts: 2 });
    expect(calls).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it("says a vendor it cannot reach is unreachable, after its tries", async () => {
    const { fetch, calls } = scripted([lostConnection()]);
    const error = await vendorFetch(
      "https://v.test/a",
      {},
      { ...FAST, retries: 2, fetch, vendor: "RunPod" },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorHttpError);
    expect(error).toMatchObject({ kind: "unreachable", attempts: 3 });
    expect((error as Error).message).toContain("RunPod could not be reached: ECONNREFUSED");
    expect(calls).toHaveLength(3);
  });

  it("does not try a lost connection again when the call is not safe to repeat", async () => {
    const { fetch, calls } = scripted([lostConnection(), new Response("ok")]);
    await expect(
      vendorFetch("https://v.test/a", {}, { ...FAST, retries: 3, retryNetwork: false, fetch }),
    ).rejects.toMatchObject({ kind: "unreachable" });
    expect(calls).toHaveLength(1);
  });

  it("stops at once when the job's signal aborts: during an attempt and during a backoff", async () => {
    const during = new AbortController();
    const hanging = scripted(["hang"]);
    const pending = vendorFetch(
      "https://v.test/a",
      {},
      { ...FAST, timeoutMs: 60_000, retries: 5, signal: during.signal, fetch: hanging.fetch },
    );
    during.abort(new Error("cancelled by the user"));
    await expect(pending).rejects.toThrow("cancelled by the user");
    expect(hanging.calls).toHaveLength(1);

    const waiting = new AbortController();
    const busy = scripted([new Response("", { status: 503, headers: { "retry-after": "30" } })]);
    const started = Date.now();
    const backingOff = vendorFetch(
      "https://v.test/a",
      {},
      { ...FAST, retries: 5, signal: waiting.signal, fetch: busy.fetch },
    );
    // Abort once the first answer has come back (the helper is now waiting out Retry-After).
    while (busy.calls.length === 0) await new Promise((resolve) => setImmediate(resolve));
    waiting.abort(new Error("job cancelled"));
    await expect(backingOff).rejects.toThrow("job cancelled");
    expect(busy.calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5000);

    const already = AbortSignal.abort(new Error("gone"));
    const none = scripted([new Response("ok")]);
    await expect(
      vendorFetch("https://v.test/a", {}, { ...FAST, signal: already, fetch: none.fetch }),
    ).rejects.toThrow("gone");
    expect(none.calls).toHaveLength(0);
  });

  it("builds the request anew per attempt when given a function (a FormData is read once)", async () => {
    const { fetch, calls } = scripted([new Response("", { status: 500 }), new Response("ok")]);
    let built = 0;
    await vendorFetch(
      "https://v.test/a",
      () => {
        built += 1;
        return { method: "POST", body: `attempt ${built}` };
      },
      { ...FAST, retries: 1, fetch },
    );
    expect(calls.map((call) => call.init?.body)).toEqual(["attempt 1", "attempt 2"]);
  });

  it("bounds the body read too: a body that stops arriving is a timeout, not a hang", async () => {
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("partial"));
          init?.signal?.addEventListener("abort", () => controller.error(init.signal!.reason), {
            once: true,
          });
        },
      });
      return new Response(body);
    }) as typeof globalThis.fetch;
    const error = await vendorFetch("https://v.test/a", {}, { timeoutMs: 80, fetch }, (r) => r.text()).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: "timeout", attempts: 1 });
  });

  it("passes on what `read` throws (the driver's own error code)", async () => {
    const { fetch } = scripted([new Response("{}")]);
    class DriverError extends Error {}
    await expect(
      vendorFetch("https://v.test/a", {}, { ...FAST, fetch }, async () => {
        throw new DriverError("no image in the answer");
      }),
    ).rejects.toBeInstanceOf(DriverError);
  });
});
