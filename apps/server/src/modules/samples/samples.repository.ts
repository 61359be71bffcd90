/** Tool samples (samples table): listed in display order, added at the end, deleted, reordered. */
import type { Insertable, Kysely } from "kysely";
import type { DB, SampleRow, SamplesTable } from "../../db/schema.ts";

export function createSamplesRepository(db: Kysely<DB>) {
  return {
    list(tool: string): Promise<SampleRow[]> {
      return db
        .selectFrom("samples")
        .selectAll()
        .where("tool", "=", tool)
        .orderBy("display_order", "asc")
        .orderBy("id", "asc")
        .execute();
    },

    findById(tool: string, id: number): Promise<SampleRow | undefined> {
      return db
        .selectFrom("samples")
        .selectAll()
        .where("tool", "=", tool)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    async nextOrder(tool: string): Promise<number> {
      const row = await db
        .selectFrom("samples")
        .select((eb) => eb.fn.max("display_order").as("top"))
        .where("tool", "=", tool)
        .executeTakeFirst();
      return row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
    },

    insert(row: Insertable<SamplesTable>): Promise<SampleRow> {
      return db.insertInto("samples").values(row).returningAll().executeTakeFirstOrThrow();
    },

    async delete(tool: string, id: number): Promise<boolean> {
      const result = await db
        .deleteFrom("samples")
        .where("tool", "=", tool)
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async setOrder(tool: string, id: number, order: number): Promise<void> {
      await db
        .updateTable("samples")
        .set({ display_order: order })
        .where("tool", "=", tool)
        .where("id", "=", id)
        .execute();
    },
  };
}
