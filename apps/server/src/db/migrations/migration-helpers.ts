/**
 * Helpers that keep migrations dialect-neutral: the same file runs on SQLite and PostgreSQL.
 * Timestamps are ISO-8601 text and booleans integer 0/1 in both, so only the id column differs.
 */
import type { CreateTableBuilder, Kysely } from "kysely";

export type TDialectName = "sqlite" | "postgres";

export interface MigrationContext {
  dialect: TDialectName;
}

/** A migration that also learns which dialect it runs on. */
export interface DialectMigration {
  up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
  down?(db: Kysely<unknown>, ctx: MigrationContext): Promise<void>;
}

/** `integer primary key autoincrement` on SQLite, `serial primary key` on PostgreSQL. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  ctx: MigrationContext,
): CreateTableBuilder<T, "id"> {
  return ctx.dialect === "sqlite"
    ? table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
    : table.addColumn("id", "serial", (c) => c.primaryKey());
}
