/**
 * Issue 12: a refused field says which field and why, in a form the web translates next to the
 * field (`details.issues[].reason` plus its limits), never only an English sentence. Covers route
 * schemas, a service's own zod parse (the notice form) and rules only a service can check (a text
 * file named .png).
 */
import { ZValidationErrorDetails } from "@gyeol/shared/contracts/errors";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toValidationIssue } from "../src/lib/validation-issues.ts";
import { TEST_DATABASES } from "./helpers/databases.ts";
import { check, register } from "./helpers/http.ts";
import { createTestApp } from "./helpers/test-app.ts";

/** The issues of a 400 VALIDATION_ERROR, checked against the shared contract. */
function issuesOf(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ success: false, code: "VALIDATION_ERROR" });
  return ZValidationErrorDetails.parse(body.details).issues;
}

function noticeForm(files: Array<{ name: string; bytes: Buffer }>, content = "<p>본문</p>") {
  const form = new FormData();
  form.append("title", "공지");
  form.append("content", content);
  for (const file of files)
    form.append("files", new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), file.name);
  return form;
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const TEXT_NAMED_PNG = { name: "photo.png", bytes: Buffer.from("just some text, not a picture\n") };

describe("a zod issue as the API reports it", () => {
  it("names a custom refinement's reason, and calls one without a known reason invalid", () => {
    const schema = z.object({
      name: z
        .string()
        .refine(() => false, { message: "No control characters.", params: { reason: "control_chars" } }),
      nick: z.string().refine(() => false, { message: "Nope.", params: { reason: "made_up" } }),
    });
    const issues = schema.safeParse({ name: "a", nick: "b" }).error!.issues;
    expect(issues.map((issue) => toValidationIssue(issue, "body", {}))).toEqual([
      { location: "body", path: "name", message: "No control characters.", reason: "control_chars" },
      { location: "body", path: "nick", message: "Nope.", reason: "invalid" },
    ]);
  });

  it("tells a missing field from one of the wrong type, and keeps number limits and steps", () => {
    const schema = z.object({ a: z.string(), b: z.string(), n: z.number().min(2).multipleOf(0.5) });
    const source = { b: 7, n: 1.3 };
    const issues = schema
      .safeParse(source)
      .error!.issues.map((issue) => toValidationIssue(issue, "body", source));
    expect(issues).toEqual([
      expect.objectContaining({ path: "a", reason: "required" }),
      expect.objectContaining({ path: "b", reason: "invalid_type" }),
      expect.objectContaining({ path: "n", reason: "too_small", origin: "number", minimum: 2 }),
      expect.objectContaining({ path: "n", reason: "not_multiple_of", multipleOf: 0.5 }),
    ]);
  });
});

describe.each(TEST_DATABASES)("field-level validation answers on $name", (database) => {
  it("says which sign-up field is wrong and why: a name of spaces, a bad e-mail, a 200-character password", async () => {
    const t = await createTestApp({ database });
    try {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { name: "    ", email: "not-an-email", password: "p".repeat(200), ageConfirmed: true },
      });
      const issues = issuesOf(response);
      expect(issues).toEqual([
        expect.objectContaining({ location: "body", path: "name", reason: "blank" }),
        expect.objectContaining({ path: "email", reason: "invalid_format", format: "email" }),
        expect.objectContaining({ path: "password", reason: "too_big", origin: "string", maximum: 128 }),
      ]);
      // The English sentence stays for logs and outside clients.
      expect(response.json().error).toBe("name: Enter your name.");
      // Nothing was created.
      const count = await t.db.kysely
        .selectFrom("users")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("reports missing fields as required and a short password with its minimum", async () => {
    const t = await createTestApp({ database });
    try {
      const missing = issuesOf(
        await t.app.inject({ method: "POST", url: "/api/auth/register", payload: {} }),
      );
      expect(missing.map((issue) => [issue.path, issue.reason])).toEqual([
        ["name", "required"],
        ["email", "required"],
        ["password", "required"],
        ["ageConfirmed", "required"],
      ]);
      const short = issuesOf(
        await t.app.inject({
          method: "POST",
          url: "/api/auth/register",
          payload: { name: "Kim", email: "kim@example.com", password: "short", ageConfirmed: false },
        }),
      );
      expect(short).toEqual([
        expect.objectContaining({ path: "password", reason: "too_small", origin: "string", minimum: 8 }),
        expect.objectContaining({ path: "ageConfirmed", reason: "invalid_value" }),
      ]);
      const login = issuesOf(
        await t.app.inject({
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "kim@example.com", password: "p".repeat(200) },
        }),
      );
      expect(login).toEqual([expect.objectContaining({ path: "password", reason: "too_big", maximum: 128 })]);
    } finally {
      await t.close();
    }
  });

  it("refuses a text file named .png in the notice editor as not_image on the files field, storing nothing", async () => {
    const t = await createTestApp({ database });
    try {
      const { cookie } = await register(t.app, { name: "운영자" });
      expect((await check(t.app, cookie)).json().user.isAdmin).toBe(true);
      const attached = await t.app.inject({
        method: "POST",
        url: "/api/notices",
        headers: { cookie },
        payload: noticeForm([{ name: "ok.png", bytes: PNG }, TEXT_NAMED_PNG]),
      });
      expect(issuesOf(attached)).toEqual([
        expect.objectContaining({ location: "body", path: "files", reason: "not_image" }),
      ]);
      const inline = await t.app.inject({
        method: "POST",
        url: "/api/image/upload-s3?purpose=notice",
        headers: { cookie },
        payload: (() => {
          const form = new FormData();
          form.append(
            "image",
            new Blob([new Uint8Array(TEXT_NAMED_PNG.bytes)], { type: "image/png" }),
            "photo.png",
          );
          return form;
        })(),
      });
      expect(issuesOf(inline)).toEqual([expect.objectContaining({ path: "image", reason: "not_image" })]);
      const list = await t.app.inject({ method: "GET", url: "/api/notices" });
      expect(list.json().items).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("names the notice field for an empty title, markup that sanitises to nothing and too many files", async () => {
    const t = await createTestApp({ database });
    try {
      const { cookie } = await register(t.app, { name: "운영자" });
      const blankTitle = new FormData();
      blankTitle.append("title", "   ");
      blankTitle.append("content", "<p>본문</p>");
      const title = await t.app.inject({
        method: "POST",
        url: "/api/notices",
        headers: { cookie },
        payload: blankTitle,
      });
      expect(issuesOf(title)).toEqual([expect.objectContaining({ path: "title", reason: "blank" })]);

      const scriptOnly = await t.app.inject({
        method: "POST",
        url: "/api/notices",
        headers: { cookie },
        payload: noticeForm([], "<script>alert(1)</script>"),
      });
      expect(issuesOf(scriptOnly)).toEqual([
        expect.objectContaining({ path: "content", reason: "empty_content" }),
      ]);

      const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
      const tooMany = await t.app.inject({
        method: "POST",
        url: "/api/notices",
        headers: { cookie },
        payload: noticeForm(six),
      });
      expect(issuesOf(tooMany)).toEqual([
        expect.objectContaining({ path: "files", reason: "too_big", origin: "file", maximum: 5 }),
      ]);
    } finally {
      await t.close();
    }
  });
});
