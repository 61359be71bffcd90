import type { Redis } from "ioredis";
import type { Store } from "../../db/store.ts";
import type { FileStorage } from "../../drivers/storage/storage.ts";

export type HealthService = ReturnType<typeof createHealthService>;

/** Each dependency gets this long to answer /readyz before it counts as down. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export type TDependency = "database" | "redis" | "storage";
export type TCheck = "ok" | "down" | "not configured";

function within<T>(ms: number, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export function createHealthService({
  store,
  storage,
  redis,
}: {
  store: Store;
  storage?: FileStorage;
  /** The API's Redis connection when REDIS_URL is set. */
  redis?: Redis;
}) {
  async function check(dependency: TDependency): Promise<{ state: TCheck; error?: string }> {
    const probe: Record<TDependency, (() => Promise<unknown>) | undefined> = {
      database: () => store.health.ping(),
      redis: redis ? () => redis.ping() : undefined,
      storage: storage ? () => storage.ping(READY_CHECK_TIMEOUT_MS) : undefined,
    };
    const run = probe[dependency];
    if (!run) return { state: "not configured" };
    try {
      await within(READY_CHECK_TIMEOUT_MS, run);
      return { state: "ok" };
    } catch (error) {
      return { state: "down", error: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    /** True when the database answers a trivial query. */
    async isDatabaseUp(): Promise<boolean> {
      try {
        await store.health.ping();
        return true;
      } catch {
        return false;
      }
    },

    /** Every dependency checked at once, each within READY_CHECK_TIMEOUT_MS. */
    async readiness() {
      const names: TDependency[] = ["database", "redis", "storage"];
      const results = await Promise.all(names.map(check));
      const checks = Object.fromEntries(names.map((name, i) => [name, results[i]!.state])) as Record<
        TDependency,
        TCheck
      >;
      const errors = Object.fromEntries(
        names.flatMap((name, i) => (results[i]!.error ? [[name, results[i]!.error]] : [])),
      ) as Partial<Record<TDependency, string>>;
      const down = names.filter((name) => checks[name] === "down");
      return { checks, down, errors };
    },
  };
}
