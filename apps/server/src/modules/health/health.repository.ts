import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

export type HealthRepository = ReturnType<typeof createHealthRepository>;

export function createHealthRepository(db: Kysely<DB>) {
  return {
    async ping(): Promise<void> {
      await sql`select 1`.execute(db);
    },
  };
}
