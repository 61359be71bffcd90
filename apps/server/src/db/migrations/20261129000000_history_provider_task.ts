/**
 * One provider task id per history row instead of a column per vendor (runpod_job_id,
 * kling_task_id, seedream_task_id): the answer's vendor-named fields are mapped from it and the
 * row's source (modules/images/vendor-task-fields.ts). A row holds at most one vendor's id, so
 * nothing is lost; down() puts each id back in its vendor's column by source.
 */
import { type Kysely, sql } from "kysely";
import type { DialectMigration } from "./migration-helpers.ts";

const VENDOR_COLUMNS = ["runpod_job_id", "kling_task_id", "seedream_task_id"] as const;

export const historyProviderTaskMigration: DialectMigration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("images").addColumn("provider_task_id", "text").execute();
    await sql`update images set provider_task_id = coalesce(runpod_job_id, kling_task_id, seedream_task_id)`.execute(
      db,
    );
    for (const column of VENDOR_COLUMNS) await db.schema.alterTable("images").dropColumn(column).execute();
  },

  async down(db: Kysely<unknown>) {
    for (const column of VENDOR_COLUMNS)
      await db.schema.alterTable("images").addColumn(column, "text").execute();
    await sql`update images set kling_task_id = provider_task_id where source in ('kling', 'consistency')`.execute(
      db,
    );
    await sql`update images set seedream_task_id = provider_task_id where source = 'seedream'`.execute(db);
    await sql`update images set runpod_job_id = provider_task_id where source not in ('kling', 'consistency', 'seedream')`.execute(
      db,
    );
    await db.schema.alterTable("images").dropColumn("provider_task_id").execute();
  },
};
