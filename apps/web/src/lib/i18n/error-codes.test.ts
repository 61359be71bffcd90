/**
 * Issue 12: every code the server can send has a Korean and an English sentence, so a page never
 * falls back to the server's English or to HTTP status text. The codes come from ERROR_CODES and
 * from the server's and engine's sources themselves (a job's error_code is any engine code), so a
 * code thrown but never added to ERROR_CODES fails here too.
 */
import { ERROR_CODES } from "@gyeol/shared/contracts/common";
import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_CODES } from "../api-client.ts";
import { en } from "./en.ts";
import { ko } from "./ko.ts";

const SOURCES = {
  ...import.meta.glob<string>("../../../../server/src/**/*.ts", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
  ...import.meta.glob<string>("../../../../../packages/engine/src/**/*.ts", {
    query: "?raw",
    import: "default",
    eager: true,
  }),
};

/** Calls whose argument at this position is an error code (a literal, or literals in a ternary). */
const CODE_ARGUMENTS: Array<{ call: string; index: number }> = [
  { call: "new AppError(", index: 1 },
  { call: "new EngineJobError(", index: 0 },
  // The one job-failure error (lib/job-failure.ts) and the vendor drivers' own.
  { call: "new JobFailure(", index: 0 },
  { call: "new GenerationError(", index: 0 },
  { call: "new EngineError(", index: 0 },
  // ComfyUI's failures (issue 25): their COMFYUI_* code is the job's error_code.
  { call: "new ComfyError(", index: 0 },
  // jobs.service's fail(job, code, message) and the error handler's fail(status, code, error).
  { call: "fail(", index: 1 },
];

/** The top-level arguments of the call whose "(" ends just before `start`. */
function argumentsAt(source: string, start: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = "";
  let quote: string | null = null;
  for (let i = start; i < source.length; i++) {
    const char = source[i] as string;
    if (quote) {
      current += char;
      if (char === "\\") current += source[++i] ?? "";
      else if (char === quote) quote = null;
      continue;
    }
    if (char === '"' || char === "'" || char === "`") quote = char;
    else if ("([{".includes(char)) depth += 1;
    else if (")]}".includes(char)) {
      if (depth === 0) return [...args, current];
      depth -= 1;
    } else if (char === "," && depth === 0) {
      args.push(current);
      current = "";
      continue;
    }
    current += char;
  }
  return args;
}

function codeLiterals(text: string): string[] {
  // `status === "TIMED_OUT" ? "PROVIDER_TIMEOUT" : …` compares a provider's state, not a code.
  const withoutComparisons = text.replace(/[!=]==\s*"[^"]*"|"[^"]*"\s*[!=]==/g, "");
  return [...withoutComparisons.matchAll(/"([A-Z][A-Z0-9_]{2,})"/g)].map((match) => match[1] as string);
}

function codesSentBy(sources: Record<string, string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const [file, source] of Object.entries(sources)) {
    if (file.endsWith(".test.ts")) continue;
    for (const { call, index } of CODE_ARGUMENTS) {
      for (let at = source.indexOf(call); at >= 0; at = source.indexOf(call, at + call.length)) {
        // `fail(` must be a call of its own, not `…Fail(` or `.fail(`.
        if (call === "fail(" && /[\w.]/.test(source[at - 1] ?? "")) continue;
        const argument = argumentsAt(source, at + call.length)[index] ?? "";
        for (const code of codeLiterals(argument)) found.set(code, file);
      }
    }
    // Object literals: `{ code: "SESSION_EXPIRED" }`, `Object.assign(error, { code: "INVALID_IMAGE" })`.
    for (const match of source.matchAll(/\bcode:\s*"([A-Z][A-Z0-9_]{2,})"/g))
      found.set(match[1] as string, file);
  }
  return found;
}

const koCodes = ko.errors.codes as Record<string, string>;
const enCodes = en.errors.codes as Record<string, string>;

function untranslated(codes: Iterable<string>): string[] {
  return [...new Set(codes)].filter((code) => !koCodes[code] || !enCodes[code]).sort();
}

describe("every error code has a Korean and an English sentence", () => {
  const sent = codesSentBy(SOURCES);

  it("reads the server and engine sources (the scan is not empty)", () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    for (const code of [
      "EMAIL_TAKEN",
      "JOB_ABANDONED",
      "PROVIDER_TIMEOUT",
      "MODEL_MISSING",
      "SESSION_EXPIRED",
    ])
      expect(sent.has(code), code).toBe(true);
  });

  it("covers every value of ERROR_CODES", () => {
    expect(untranslated(Object.values(ERROR_CODES))).toEqual([]);
  });

  it("covers every code the server and the engine can send, listed in ERROR_CODES or not", () => {
    const missing = untranslated(sent.keys()).map((code) => `${code} (${sent.get(code)})`);
    expect(missing).toEqual([]);
  });

  it("covers every ComfyUI failure code (the runner port's COMFY_ERROR_CODES)", () => {
    const port = Object.entries(SOURCES).find(([file]) =>
      file.endsWith("drivers/comfyui/comfy-runner.ts"),
    )?.[1];
    const list = port?.match(/COMFY_ERROR_CODES[^=]*=\s*\[([^\]]*)\]/)?.[1] ?? "";
    const codes = [...list.matchAll(/"([A-Z_]+)"/g)].map((match) => match[1] as string);
    expect(codes.length).toBeGreaterThanOrEqual(7);
    expect(untranslated(codes)).toEqual([]);
  });

  it("covers the codes the web client makes itself", () => {
    expect(untranslated(Object.values(CLIENT_ERROR_CODES))).toEqual([]);
  });

  it("finds a code in each form the server writes one", () => {
    const found = codesSentBy({
      "a.ts": `throw new AppError(
        409,
        "NEW_APP_CODE",
        "x",
      );`,
      "b.ts": `throw new EngineJobError(status === "TIMED_OUT" ? "NEW_TERNARY_CODE" : "ENGINE_FAILED", "x");`,
      "c.ts": `await fail(job, "NEW_JOB_CODE", MESSAGE); reply.send({ code: "NEW_LITERAL_CODE" as const });`,
      "d.test.ts": `new AppError(400, "ONLY_IN_A_TEST", "x")`,
    });
    expect([...found.keys()].sort()).toEqual([
      "ENGINE_FAILED",
      "NEW_APP_CODE",
      "NEW_JOB_CODE",
      "NEW_LITERAL_CODE",
      "NEW_TERNARY_CODE",
    ]);
  });
});
