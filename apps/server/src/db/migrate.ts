/**
 * Runs the migrations at start (ARCHITECTURE layout: "timestamped, dialect-neutral Kysely
 * migrations, run at start"). The provider is static: every migration is imported here by name,
 * which works the same under tsx, vitest and any bundler.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Database } from "../drivers/db/database.ts";
import { initialMigration } from "./migrations/20261121000000_initial.ts";
import { noticesMigration } from "./migrations/20261121010000_notices.ts";
import { billingMigration } from "./migrations/20261121020000_billing.ts";
import { jobsMigration } from "./migrations/20261122000000_jobs.ts";
import { accountsMigration } from "./migrations/20261123000000_accounts.ts";
import { renewalRemindersMigration } from "./migrations/20261124000000_renewal_reminders.ts";
import { loginFailuresMigration } from "./migrations/20261125000000_login_failures.ts";
import { aiChatMigration } from "./migrations/20261128000000_ai_chat.ts";
import { historyProviderTaskMigration } from "./migrations/20261129000000_history_provider_task.ts";
import { samplesMigration } from "./migrations/20261130000000_samples.ts";
import { affiliateRewardsMigration } from "./migrations/20261201000000_affiliate_rewards.ts";
import { aiReliabilityMigration } from "./migrations/20261202000000_ai_reliability.ts";
import { historyRevisionsMigration } from "./migrations/20261203000000_history_revisions.ts";
import type { DialectMigration, TDialectName } from "./migrations/migration-helpers.ts";
import type { DB } from "./schema.ts";

/** Keys sort by timestamp; add new migrations at the end. */
const MIGRATIONS: Record<string, DialectMigration> = {
  "20261121000000_initial": initialMigration,
  "20261121010000_notices": noticesMigration,
  "20261121020000_billing": billingMigration,
  "20261122000000_jobs": jobsMigration,
  "20261123000000_accounts": accountsMigration,
  "20261124000000_renewal_reminders": renewalRemindersMigration,
  "20261125000000_login_failures": loginFailuresMigration,
  "20261128000000_ai_chat": aiChatMigration,
  "20261129000000_history_provider_task": historyProviderTaskMigration,
  "20261130000000_samples": samplesMigration,
  "20261201000000_affiliate_rewards": affiliateRewardsMigration,
  "20261202000000_ai_reliability": aiReliabilityMigration,
  "20261203000000_history_revisions": historyRevisionsMigration,
};

class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: TDialectName) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const ctx = { dialect: this.dialect };
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      out[name] = {
        up: (db) => m.up(db, ctx),
        ...(m.down ? { down: (db: Kysely<unknown>) => m.down!(db, ctx) } : {}),
      };
    }
    return out;
  }
}

/**
 * What a process runs at start: every migration, on a connection that DATABASE_STATEMENT_TIMEOUT_MS
 * does not bound (issue 26), so a second process waits for the first one's migration lock.
 */
export async function migrateDatabase(db: Pick<Database, "dialect" | "unbounded">): Promise<string[]> {
  return db.unbounded((kysely) => migrateToLatest(kysely, db.dialect));
}

export async function migrateToLatest(db: Kysely<DB>, dialect: TDialectName): Promise<string[]> {
  const { error, results } = await (await migratorFor(db, dialect)).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Up or down to the migration named `target` (the tests of a migration that moves data). */
export async function migrateTo(db: Kysely<DB>, dialect: TDialectName, target: string): Promise<void> {
  const { error } = await (await migratorFor(db, dialect)).migrateTo(target);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

async function migratorFor(db: Kysely<DB>, dialect: TDialectName): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables across every schema on PostgreSQL; naming the current
  // schema keeps two schemas in one database (tests, staging) from seeing each other's.
  let migrationTableSchema: string | undefined;
  if (dialect === "postgres") {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    migrationTableSchema = rows[0]?.schema;
  }
  return new Migrator({
    db,
    provider: new StaticMigrationProvider(dialect),
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
}
