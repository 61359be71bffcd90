import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createJsonMemo } from "./json-memo.ts";

describe("createJsonMemo", () => {
  const ZAnswer = z.object({ status: z.enum(["done", "failed"]), url: z.string().nullable() });

  it("stringifies what the schema allows, dropping fields it does not name, once per object", () => {
    const memo = createJsonMemo(ZAnswer);
    const toJson = (value: Parameters<typeof memo>[0]) => memo(value).toString("utf8");
    const answer = { status: "done" as const, url: "/files/a.jpg", secret: "inputKey" };
    expect(toJson(answer)).toBe('{"status":"done","url":"/files/a.jpg"}');
    // The same object is not checked again, so a later change to it is not seen: callers hand the
    // memo objects that no longer change (retouch.service.ts freezes its kept answers).
    answer.url = "/files/b.jpg";
    expect(toJson(answer)).toBe('{"status":"done","url":"/files/a.jpg"}');
    expect(toJson({ ...answer })).toBe('{"status":"done","url":"/files/b.jpg"}');
    // The very bytes are handed out again: neither re-encoded nor measured on each send.
    expect(memo(answer)).toBe(memo(answer));
  });

  it("refuses an answer outside its contract", () => {
    const toJson = createJsonMemo(ZAnswer);
    expect(() => toJson({ status: "lost" } as never)).toThrow(/does not match its schema/);
  });
});
