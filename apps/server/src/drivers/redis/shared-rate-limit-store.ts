/**
 * Rate limits counted in Redis (issue 28): with REDIS_URL every API process adds to the same
 * count, so N processes do not give an attacker N times the attempts. One INCR + PEXPIRE per
 * attempt (a fixed window from the first attempt, as the in-process store counts).
 *
 * Redis not connected, or slow (more than RATE_LIMIT_REDIS_TIMEOUT_MS): the attempt is counted in this
 * process instead, so limits still hold per process and sign-in keeps working while Redis is
 * away; the per-account login limit lives in the database and is not affected at all.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { Redis } from "ioredis";

/** A rate-limit check waits at most this long for Redis before counting locally. */
export const RATE_LIMIT_REDIS_TIMEOUT_MS = 500;
/** Keys the local fallback remembers (the oldest go first past this). */
const LOCAL_FALLBACK_KEYS = 10_000;

const INCR_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

interface RateLimitRedis extends Redis {
  gyeolRateLimit(key: string, windowMs: number): Promise<[number, number]>;
}

/**
 * The connection the API's rate limits (and /readyz) use: named `<prefix>:rate-limit` so CLIENT
 * LIST shows whose it is; commands fail after RATE_LIMIT_REDIS_TIMEOUT_MS instead of waiting for
 * a Redis that is not there.
 */
export function createRateLimitRedis(url: string, prefix: string): Redis {
  const redis = new Redis(url, {
    connectionName: `${prefix}:rate-limit`,
    commandTimeout: RATE_LIMIT_REDIS_TIMEOUT_MS,
    connectTimeout: 2000,
    maxRetriesPerRequest: 1,
    // Reconnect forever, at most every 2 s: the limits go back to Redis once it answers again.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  redis.defineCommand("gyeolRateLimit", { numberOfKeys: 1, lua: INCR_SCRIPT });
  return redis;
}

/**
 * Waits (at boot) until the connection is ready, refused, or `timeoutMs` passed, so the first
 * requests are counted in Redis rather than locally while it connects.
 */
export function settleConnection(redis: Redis, timeoutMs = 2000): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off("ready", done);
      redis.off("error", done);
      resolve();
    };
    const timer = setTimeout(done, timeoutMs);
    redis.once("ready", done);
    redis.once("error", done);
  });
}

/** A fixed-window counter in this process (the fallback while Redis does not answer). */
function createLocalCounter() {
  const counts = new Map<string, { current: number; resetAt: number }>();
  return (key: string, windowMs: number): Counted => {
    const now = Date.now();
    let entry = counts.get(key);
    if (!entry || entry.resetAt <= now) {
      counts.delete(key);
      if (counts.size >= LOCAL_FALLBACK_KEYS) counts.delete(counts.keys().next().value as string);
      entry = { current: 0, resetAt: now + windowMs };
      counts.set(key, entry);
    }
    entry.current += 1;
    return { current: entry.current, ttl: entry.resetAt - now };
  };
}

/**
 * The @fastify/rate-limit store class for `redis`: keys are
 * `<prefix>:rate-limit:<METHOD><route>:<client key>`, each route counted on its own.
 */
export function sharedRateLimitStore(
  redis: Redis,
  prefix: string,
  onRedisError: (error: unknown) => void,
): FastifyRateLimitStoreCtor {
  const local = createLocalCounter();
  const client = redis as RateLimitRedis;

  class SharedRateLimitStore implements FastifyRateLimitStore {
    // The plugin builds the store with its options (unused here); each route gets a child.
    constructor(
      _options?: unknown,
      private readonly namespace = `${prefix}:rate-limit:`,
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const fullKey = `${this.namespace}${key}`;
      // Not connected (down, or reconnecting): count here at once rather than wait for a timeout.
      if (client.status !== "ready") {
        onRedisError(new Error(`Redis connection is ${client.status}`));
        callback(null, local(fullKey, timeWindow));
        return;
      }
      client.gyeolRateLimit(fullKey, timeWindow).then(
        ([current, ttl]) => callback(null, { current: Number(current), ttl: Number(ttl) }),
        (error: unknown) => {
          onRedisError(error);
          callback(null, local(fullKey, timeWindow));
        },
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedRateLimitStore(
        undefined,
        `${this.namespace}${String(route?.method ?? "")}${String(route?.url ?? "")}:`,
      );
    }
  }
  return SharedRateLimitStore;
}
