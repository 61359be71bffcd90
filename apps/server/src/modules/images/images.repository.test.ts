import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "kysely";
import { describe, expect, it } from "vitest";
import type { DB } from "../../db/schema.ts";
import { createImagesRepository, type HistoryFilter, historyParameters } from "./images.repository.ts";

const compilers = {
  sqlite: () =>
    new Kysely<DB>({
      dialect: {
        createAdapter: () => new SqliteAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new SqliteIntrospector(db),
        createQueryCompiler: () => new SqliteQueryCompiler(),
      },
    }),
  postgres: () =>
    new Kysely<DB>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (db) => new PostgresIntrospector(db),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
    }),
};

describe("the history stamp's SQL, built once per set of filters", () => {
  // historyStamp runs the SQL Kysely built for the first request of each shape with each later
  // request's parameters: they must come in the order Kysely itself would put them.
  const filters: HistoryFilter[] = [];
  for (const source of [undefined, "upscale"])
    for (const status of [undefined, "completed"] as const)
      for (const q of [undefined, "50%_off\\"]) filters.push({ source, status, q, limit: 25, offset: 50 });

  for (const [name, make] of Object.entries(compilers)) {
    it(`passes the parameters in Kysely's order on ${name}, for every combination of filters`, () => {
      const repository = createImagesRepository(make());
      for (const filter of filters) {
        const compiled = repository.compileStampQuery(7, filter);
        expect(historyParameters(7, filter), JSON.stringify(filter)).toEqual(compiled.parameters);
        // Same shape, other values: the same SQL text.
        const other = { ...filter, limit: 10, offset: 0, ...(filter.q ? { q: "x" } : {}) };
        expect(repository.compileStampQuery(8, other).sql).toBe(compiled.sql);
      }
    });
  }
});
