/**
 * Every call a driver makes to an outside vendor (Seedream, OpenAI images, Kling, RunPod, ComfyUI)
 * goes through here (issue 26): one bound per attempt that covers the answer's body too, the job's
 * signal that stops an attempt and any wait, and one retry policy: a lost connection, a timeout, a
 * 429 and a 5xx are tried again after a backoff that doubles from `backoffMs` up to `maxBackoffMs`
 * (a Retry-After the vendor sends is honoured, within `maxRetryAfterMs`); any other answer is the
 * vendor's verdict and comes back at once. When the tries run out, the last answer comes back, or
 * VendorHttpError says the vendor could not be reached or did not answer in time: each driver
 * turns that into its own error code. A non-idempotent call (a submit) keeps `retries: 0` unless
 * the vendor deduplicates it.
 *
 * Written here rather than taken from a library: the drivers need the job's AbortSignal, a bound
 * over the body read and errors they can map to their codes, which fetch-retry wrappers do not give.
 */

export type TVendorFailure = "timeout" | "unreachable";

/** The vendor gave no answer: `timeout` (the attempt's bound ran out) or `unreachable`. */
export class VendorHttpError extends Error {
  override name = "VendorHttpError";
  constructor(
    readonly kind: TVendorFailure,
    message: string,
    /** Attempts made, the first included. */
    readonly attempts: number,
    options?: { cause?: unknown },
    /** Whether it ran out waiting for the answer or while reading its body. */
    readonly during: "answer" | "body" = "answer",
  ) {
    super(message, options);
  }
}

export const isVendorHttpError = (error: unknown): error is VendorHttpError =>
  error instanceof VendorHttpError;

export interface TVendorHttpOptions {
  /** The bound of one attempt, the answer's body included (`read`). */
  timeoutMs: number;
  /** The job's signal: aborting it ends the attempt and any wait with its reason. */
  signal?: AbortSignal;
  /** Tries after the first (0: one attempt; default 0). */
  retries?: number;
  /** The first wait; doubles each retry (default 500 ms). */
  backoffMs?: number;
  /** The longest backoff (default 8 s). */
  maxBackoffMs?: number;
  /** The longest Retry-After honoured (default 60 s); a longer one is cut to this. */
  maxRetryAfterMs?: number;
  /** Which answers are weather and tried again (default: 429 and every 5xx). */
  retryOn?: (response: Response) => boolean;
  /** Whether a lost connection or a timeout is tried again (default true). */
  retryNetwork?: boolean;
  fetch?: typeof fetch;
  /** Names the vendor in VendorHttpError's message ("Seedream", "RunPod" …). */
  vendor?: string;
}

/** 429 and 5xx: the vendor is busy or broken for now, not refusing this request. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** The wait before retry number `attempt` (0-based): base × 2^attempt, at most `max`. */
export function backoffDelay(attempt: number, baseMs = 500, maxMs = 8000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt));
}

/** Retry-After (RFC 9110 §10.2.3) in milliseconds: delta-seconds or an HTTP date; null if absent or bad. */
export function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}

/** Waits `ms`, ended at once (with the signal's reason) when the signal aborts. */
export function sleepFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * One vendor call with the policy above. `init` is a function when the body can be read only once
 * (a FormData, a stream): it is called per attempt. `read` consumes the answer inside the attempt's
 * bound (a body that stops arriving is a timeout, not a hang); without it the Response comes back
 * and its body is still bound by the attempt's timeout.
 */
export async function vendorFetch(
  url: string,
  init: RequestInit | (() => RequestInit),
  options: TVendorHttpOptions,
): Promise<Response>;
export async function vendorFetch<T>(
  url: string,
  init: RequestInit | (() => RequestInit),
  options: TVendorHttpOptions,
  read: (response: Response) => Promise<T>,
): Promise<T>;
export async function vendorFetch<T>(
  url: string,
  init: RequestInit | (() => RequestInit),
  options: TVendorHttpOptions,
  read?: (response: Response) => Promise<T>,
): Promise<T | Response> {
  const doFetch = options.fetch ?? fetch;
  const retries = Math.max(0, options.retries ?? 0);
  const retryOn = options.retryOn ?? ((response: Response) => isRetryableStatus(response.status));
  const retryNetwork = options.retryNetwork ?? true;
  const vendor = options.vendor ?? "the vendor";
  const { signal } = options;
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    const bound = AbortSignal.timeout(options.timeoutMs);
    const combined = signal ? AbortSignal.any([signal, bound]) : bound;
    const last = attempt >= retries;
    let response: Response | undefined;
    let failure: VendorHttpError | undefined;
    try {
      response = await doFetch(url, { ...(typeof init === "function" ? init() : init), signal: combined });
    } catch (error) {
      signal?.throwIfAborted();
      failure = bound.aborted
        ? new VendorHttpError(
            "timeout",
            `${vendor} did not answer within ${options.timeoutMs} ms`,
            attempt + 1,
            {
              cause: error,
            },
          )
        : new VendorHttpError(
            "unreachable",
            `${vendor} could not be reached: ${describe(error)}`,
            attempt + 1,
            {
              cause: error,
            },
          );
    }
    if (failure) {
      if (last || !retryNetwork) throw failure;
      await sleepFor(backoffDelay(attempt, options.backoffMs, options.maxBackoffMs), signal);
      continue;
    }
    const answer = response!;
    if (!last && retryOn(answer)) {
      const wait = Math.max(
        backoffDelay(attempt, options.backoffMs, options.maxBackoffMs),
        Math.min(retryAfterMs(answer.headers.get("retry-after")) ?? 0, options.maxRetryAfterMs ?? 60_000),
      );
      // Not awaited: a body that is a tee's branch settles its cancel only with the other branch.
      void answer.body?.cancel().catch(() => {});
      await sleepFor(wait, signal);
      continue;
    }
    if (!read) return answer;
    try {
      return await read(answer);
    } catch (error) {
      signal?.throwIfAborted();
      if (bound.aborted)
        throw new VendorHttpError(
          "timeout",
          `${vendor} did not send its whole answer within ${options.timeoutMs} ms`,
          attempt + 1,
          { cause: error },
          "body",
        );
      throw error;
    }
  }
}

/** What undici says about a lost connection: its cause's code (ECONNREFUSED …) or message. */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  return cause?.code ?? cause?.message ?? String(error);
}
