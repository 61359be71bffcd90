import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { hasForbiddenChars, stripForbiddenChars, ZMultiLine, ZSingleLine } from "./text.ts";

/**
 * Every string a request contract takes refuses NUL and the other control characters (issue 11).
 * The walk covers every exported schema of every file in this folder, so a new contract, or a new
 * field, that is built from a bare z.string() fails here.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** Answers (what the server sends) are not checked: they carry stored data, whatever it is. */
const RESPONSE_PARTS = new Set([
  // ai.ts: the chat's answers and the events of its stream.
  "ZChatMessage",
  "ZChatReply",
  "ZChatStreamDelta",
  "ZChatStreamError",
  "ZChatStreamStart",
  "ZChatThread",
  "ZCreditHistoryItem",
  "ZErrorResponse",
  // generation.ts and image-edit.ts: stored samples and history as listed to the page.
  "ZGenerationSample",
  "ZHistoryItem",
  "ZImageEditHistoryItem",
  "ZImageEditSample",
  "ZNotice",
  "ZNoticeFile",
  "ZNoticeListItem",
  "ZPendingDeletionDetails",
  "ZPublicUser",
  // images.ts: a history item's run inputs ("run again"), read back from the stored job.
  "ZRunInputImage",
  "ZRunInputs",
  "ZScheduledChange",
  "ZSuccess",
  "ZValidationErrorDetails",
  "ZValidationIssue",
]);
const isResponse = (name: string) => name.endsWith("Response") || RESPONSE_PARTS.has(name);

/** The fields written over several lines, which keep tab, line feed and carriage return. */
const MULTI_LINE_FIELDS = new Set([
  "ZNoticeFields.content",
  "ZNoticeUpdateBody.content",
  "ZUpscaleInput.prompt",
  "ZUpscaleStartBody.input.prompt",
  // ai.ts: a chat message, the rewrite's instruction and prompt, the auto-prompt's notes.
  "ZChatFields.text",
  "ZRewriteBody.userPrompt",
  "ZRewriteBody.currentPrompt",
  "ZAutoPromptBody.userNotes",
  // Prompts of generation and image edit, and of the samples an administrator saves.
  "ZGenerationFields.prompt",
  "ZImageEditGenerateBody.prompt",
  "ZImageEditSampleCreateBody.prompt",
  "ZSampleCreateBody.prompt",
]);

/** Characters no field takes: C0, DEL, C1, lone surrogates (high and low). */
const FORBIDDEN = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009f",
  "\ud800",
  "\udfff",
];
const LINE_BREAKS = ["\n", "\r", "\t"];

type AnySchema = z.core.$ZodType;
interface StringField {
  name: string;
  schema: AnySchema;
}

const defOf = (schema: AnySchema) => schema._zod.def as unknown as Record<string, unknown> & { type: string };

/** A string of the field's shortest allowed length ending in `char`, so only a character rule refuses it. */
function probe(schema: AnySchema, char: string): string {
  const def = defOf(schema);
  const head = def.type === "pipe" ? (def.in as AnySchema) : schema;
  const checks = (defOf(head).checks as AnySchema[] | undefined) ?? [];
  let minimum = 1;
  for (const check of checks) {
    const checkDef = check._zod.def as { check?: string; minimum?: number; length?: number };
    if (checkDef.check === "min_length" && checkDef.minimum) minimum = Math.max(minimum, checkDef.minimum);
    if (checkDef.check === "length_equals" && checkDef.length) minimum = checkDef.length;
  }
  return "a".repeat(Math.max(0, minimum - char.length)) + char;
}

/** Every place in a schema where a string is parsed, named by its path from the export. */
function listStringFields(name: string, schema: AnySchema, out: StringField[] = []): StringField[] {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
      out.push({ name, schema });
      break;
    case "pipe": {
      // A string run through a pipe (e-mail, a coerced value) is tested whole, as the route parses it.
      const input = def.in as AnySchema;
      if (defOf(input).type === "string") out.push({ name, schema });
      else listStringFields(name, input, out);
      break;
    }
    case "object":
      for (const [key, field] of Object.entries(def.shape as Record<string, AnySchema>))
        listStringFields(`${name}.${key}`, field, out);
      if (def.catchall) listStringFields(`${name}.*`, def.catchall as AnySchema, out);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      listStringFields(name, def.innerType as AnySchema, out);
      break;
    case "array":
      listStringFields(`${name}[]`, def.element as AnySchema, out);
      break;
    case "record":
      listStringFields(`${name}{key}`, def.keyType as AnySchema, out);
      listStringFields(`${name}{}`, def.valueType as AnySchema, out);
      break;
    case "union":
      for (const [i, option] of (def.options as AnySchema[]).entries())
        listStringFields(`${name}|${i}`, option, out);
      break;
    case "intersection":
      listStringFields(name, def.left as AnySchema, out);
      listStringFields(name, def.right as AnySchema, out);
      break;
    case "tuple":
      for (const [i, item] of (def.items as AnySchema[]).entries())
        listStringFields(`${name}.${i}`, item, out);
      break;
    case "lazy":
      listStringFields(name, (def.getter as () => AnySchema)(), out);
      break;
    // Literals, enums, numbers, booleans and the like take no free text.
    default:
      break;
  }
  return out;
}

async function listRequestContracts(): Promise<Array<[string, AnySchema]>> {
  const files = readdirSync(here).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"));
  const schemas: Array<[string, AnySchema]> = [];
  for (const file of files) {
    const module = (await import(path.join(here, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const isSchema = typeof value === "object" && value !== null && "_zod" in value;
      if (isSchema && !isResponse(name) && file !== "text.ts") schemas.push([name, value as AnySchema]);
    }
  }
  return schemas;
}

const safeParse = (schema: AnySchema, value: unknown) => (schema as z.ZodType).safeParse(value);

describe("text in request contracts", () => {
  it("finds the string fields of the request contracts, the ones issue 11 names among them", async () => {
    const fields = (await listRequestContracts()).flatMap(([name, schema]) => listStringFields(name, schema));
    const names = fields.map((field) => field.name);
    for (const expected of [
      "ZRegisterBody.name",
      "ZRegisterBody.email",
      "ZLoginBody.password",
      "ZNoticeFields.title",
      "ZNoticeFields.content",
      "ZNoticeUpdateBody.title",
      "ZConfirmUploadBody.key",
      "ZHistoryQuery.q",
      "ZUpscaleStartBody.input.prompt",
      "ZUpscaleStartBody.input.image",
      "ZPresignUploadBody.filename",
      "ZAffiliateClickQuery.campaign",
      "ZDownloadQuery.url",
    ]) {
      expect(names).toContain(expected);
    }
    expect(fields.length).toBeGreaterThan(25);
  });

  it("refuses NUL, the other control characters and lone surrogates in every string field", async () => {
    const accepted: string[] = [];
    for (const [contract, schema] of await listRequestContracts()) {
      for (const field of listStringFields(contract, schema)) {
        for (const char of FORBIDDEN) {
          const value = probe(field.schema, char);
          if (safeParse(field.schema, value).success)
            accepted.push(`${field.name} took ${JSON.stringify(value)}`);
        }
        if (!MULTI_LINE_FIELDS.has(field.name)) {
          for (const char of LINE_BREAKS) {
            const value = `${probe(field.schema, char)}b`;
            if (safeParse(field.schema, value).success)
              accepted.push(`${field.name} (one line) took ${JSON.stringify(value)}`);
          }
        }
      }
    }
    expect(accepted).toEqual([]);
  });

  it("names the reason, so the API answer says which field holds control characters", () => {
    const result = ZSingleLine.safeParse("Kim\u0000");
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "custom", params: { reason: "control_chars" } });
  });

  it("keeps tabs and line breaks in text written over several lines, and every printable character", () => {
    expect(ZMultiLine.safeParse("<p>첫 줄</p>\r\n\t<p>둘째 줄</p>\n").success).toBe(true);
    expect(ZSingleLine.safeParse("결 Gyeol 😀 ‘quotes’ \u00a0nbsp é").success).toBe(true);
    expect(ZMultiLine.safeParse("line\u000bvertical tab").success).toBe(false);
    expect(ZSingleLine.safeParse("one\nline").success).toBe(false);
  });

  it("strips what it refuses from names it keeps, leaving the rest", () => {
    expect(stripForbiddenChars("a\u0000b\u0085c\ud800d😀.png")).toBe("abcd😀.png");
    expect(stripForbiddenChars("a\tb\nc\u0007", { isMultiLine: true })).toBe("a\tb\nc");
    expect(hasForbiddenChars("a\tb", { isMultiLine: true })).toBe(false);
    expect(hasForbiddenChars("a\tb")).toBe(true);
  });
});
