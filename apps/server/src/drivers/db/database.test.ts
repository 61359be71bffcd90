import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./database.ts";

describe("the SQLite statement cache", () => {
  it("hands back the same prepared statement for the same SQL", () => {
    const db = withStatementCache(new SQLite(":memory:"));
    const first = db.prepare("select 1 as one");
    expect(db.prepare("select 1 as one")).toBe(first);
    expect(db.prepare("select 2 as two")).not.toBe(first);
    db.close();
  });

  it("never hands out a statement that is still iterating", () => {
    const sqlite = new SQLite(":memory:");
    sqlite.exec("create table t (n integer); insert into t values (1), (2), (3);");
    const db = withStatementCache(sqlite);
    const sql = "select n from t order by n";
    const iterating = db.prepare(sql);
    const rows = iterating.iterate([]) as IterableIterator<{ n: number }>;
    expect(rows.next().value).toEqual({ n: 1 });
    const other = db.prepare(sql);
    expect(other).not.toBe(iterating);
    expect(other.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    rows.return?.();
    expect(db.prepare(sql)).toBe(iterating);
    db.close();
  });

  it("keeps at most the given number of statements, dropping the least recently used", () => {
    const db = withStatementCache(new SQLite(":memory:"), 2);
    const a = db.prepare("select 'a'");
    const b = db.prepare("select 'b'");
    expect(db.prepare("select 'a'")).toBe(a); // a is now the most recent
    db.prepare("select 'c'"); // evicts b
    expect(db.prepare("select 'a'")).toBe(a);
    expect(db.prepare("select 'b'")).not.toBe(b);
    db.close();
  });
});
