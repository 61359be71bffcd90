import type { Store } from "../../db/store.ts";

export type HealthService = ReturnType<typeof createHealthService>;

export function createHealthService(store: Store) {
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
  };
}
