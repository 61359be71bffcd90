/**
 * SQL of the jobs table. Claims are conditional UPDATEs (`… where status = 'queued'`), so two
 * workers racing for one job end with exactly one owner (ARCHITECTURE "Jobs are durable").
 */
import { type Kysely, sql } from "kysely";
import type { DB, JobRow, TJobRowStatus } from "../../db/schema.ts";

export type JobsRepository = ReturnType<typeof createJobsRepository>;

/** Which tools a query covers: a queue class is a set of tools (`notIn` catches unknown ones too). */
export type TToolFilter = { in: readonly string[] } | { notIn: readonly string[] };

/** `tool in (…)` / `tool not in (…)`, with the empty lists meaning nothing / everything. */
function byTools<Q extends { where: (...args: never[]) => unknown }>(
  query: Q,
  column: "tool" | "j.tool",
  filter: TToolFilter | undefined,
): Q {
  // biome-ignore lint/suspicious/noExplicitAny: one helper for select queries over jobs and jobs as j.
  const q = query as any;
  if (!filter) return query;
  if ("in" in filter) return filter.in.length === 0 ? q.where(sql`1 = 0`) : q.where(column, "in", filter.in);
  return filter.notIn.length === 0 ? query : q.where(column, "not in", filter.notIn);
}

export interface NewJob {
  id: string;
  user_id: number;
  tool: string;
  input: string;
  cost: number;
  provider: string;
  created_at: string;
}

export function createJobsRepository(db: Kysely<DB>) {
  return {
    insert(job: NewJob): Promise<JobRow> {
      return db
        .insertInto("jobs")
        .values({ ...job, status: "queued", attempts: 0 })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findById(id: string): Promise<JobRow | undefined> {
      return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /**
     * Oldest queued jobs whose owner is below the per-user limit of running jobs. A candidate list
     * only: the claim below decides who gets each one.
     */
    listClaimable(limit: number, userConcurrency: number, tools?: TToolFilter): Promise<JobRow[]> {
      const query = db
        .selectFrom("jobs as j")
        .selectAll("j")
        .where("j.status", "=", "queued")
        .where(
          (eb) =>
            eb
              .selectFrom("jobs as r")
              .select((e) => e.fn.countAll<number>().as("n"))
              .whereRef("r.user_id", "=", "j.user_id")
              .where("r.status", "=", "processing"),
          "<",
          userConcurrency,
        );
      return byTools(query, "j.tool", tools).orderBy("j.created_at").orderBy("j.id").limit(limit).execute();
    },

    async countRunningForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("user_id", "=", userId)
        .where("status", "=", "processing")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** queued → processing; true only for the one caller that won. */
    async claim(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("jobs")
        .set({ status: "processing", started_at: now, heartbeat_at: now, attempts: sql`attempts + 1` })
        .where("id", "=", id)
        .where("status", "=", "queued")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** false when the job is no longer running (cancelled, or failed by recovery): stop working on it. */
    async heartbeat(id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("jobs")
        .set({ heartbeat_at: now })
        .where("id", "=", id)
        .where("status", "=", "processing")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setProviderJobId(id: string, providerJobId: string): Promise<void> {
      await db.updateTable("jobs").set({ provider_job_id: providerJobId }).where("id", "=", id).execute();
    },

    /** processing → completed|failed; false when the job was no longer processing (a second run). */
    async finish(
      id: string,
      status: Extract<TJobRowStatus, "completed" | "failed">,
      fields: { output?: string | null; error_code?: string | null; error_message?: string | null },
      now: string,
      from: readonly TJobRowStatus[] = ["processing"],
    ): Promise<boolean> {
      const result = await db
        .updateTable("jobs")
        .set({ status, finished_at: now, ...fields })
        .where("id", "=", id)
        .where("status", "in", [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** processing → queued (crash recovery while attempts are left). */
    async requeue(id: string): Promise<boolean> {
      const result = await db
        .updateTable("jobs")
        .set({ status: "queued", heartbeat_at: null })
        .where("id", "=", id)
        .where("status", "=", "processing")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Jobs left processing whose heartbeat stopped before `before`. */
    listStale(before: string): Promise<JobRow[]> {
      return db
        .selectFrom("jobs")
        .selectAll()
        .where("status", "=", "processing")
        .where((eb) => eb.or([eb("heartbeat_at", "<", before), eb("heartbeat_at", "is", null)]))
        .execute();
    },

    listQueuedIds(createdBefore: string): Promise<Array<{ id: string; attempts: number; tool: string }>> {
      return db
        .selectFrom("jobs")
        .select(["id", "attempts", "tool"])
        .where("status", "=", "queued")
        .where("created_at", "<", createdBefore)
        .orderBy("created_at")
        .limit(1000)
        .execute();
    },

    /** How many queued jobs are ahead of one created at `createdAt` (ties broken by id). */
    async countQueuedAhead(createdAt: string, id: string, tools?: TToolFilter): Promise<number> {
      const query = db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("status", "=", "queued")
        .where((eb) =>
          eb.or([
            eb("created_at", "<", createdAt),
            eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
          ]),
        );
      const row = await byTools(query, "tool", tools).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The queued jobs ahead of one (oldest first, at most `limit`): what the ETA waits for. */
    listQueuedAhead(createdAt: string, id: string, limit: number, tools?: TToolFilter) {
      const query = db
        .selectFrom("jobs")
        .select(["tool", "input"])
        .where("status", "=", "queued")
        .where((eb) =>
          eb.or([
            eb("created_at", "<", createdAt),
            eb.and([eb("created_at", "=", createdAt), eb("id", "<", id)]),
          ]),
        );
      return byTools(query, "tool", tools).orderBy("created_at").orderBy("id").limit(limit).execute();
    },

    /** Every running job (the workers' current load, for the ETA of queued jobs). */
    listRunning(limit: number, tools?: TToolFilter) {
      const query = db
        .selectFrom("jobs")
        .select(["tool", "input", "started_at"])
        .where("status", "=", "processing");
      return byTools(query, "tool", tools).limit(limit).execute();
    },

    /** started/finished and input of the latest completed jobs of a tool (the ETA's model). */
    listRecentDurations(tool: string, limit: number) {
      return db
        .selectFrom("jobs")
        .select(["started_at", "finished_at", "input"])
        .where("tool", "=", tool)
        .where("status", "=", "completed")
        .orderBy("finished_at", "desc")
        .limit(limit)
        .execute();
    },
  };
}
