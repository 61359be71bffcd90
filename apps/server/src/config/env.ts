/**
 * The building blocks every port's configuration uses: zod readers for the environment's strings
 * and `definePort`, which pairs a port's variables with the function that turns them into its
 * typed settings. Variables are documented once, in the README's Configuration tables.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** apps/server/src/config/env.ts → repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

export const TRUE_WORDS = new Set(["true", "1", "yes", "on"]);
export const FALSE_WORDS = new Set(["false", "0", "no", "off"]);

export function zBool(defaultValue: boolean) {
  return z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return defaultValue;
      if (TRUE_WORDS.has(value)) return true;
      if (FALSE_WORDS.has(value)) return false;
      ctx.addIssue({ code: "custom", message: `expected true or false, got "${value}"` });
      return z.NEVER;
    });
}

export function zInt(defaultValue: number, min: number, max: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return defaultValue;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({
          code: "custom",
          message: `expected a whole number from ${min} to ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return n;
    });
}

export const zOptionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === "" ? undefined : v));

export function toOrigin(value: string, ctx: z.RefinementCtx): string {
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("scheme");
    return url.origin;
  } catch {
    ctx.addIssue({
      code: "custom",
      message: `expected an http(s) origin like https://gyeol.app, got "${value}"`,
    });
    return z.NEVER;
  }
}

/** An origin (scheme://host[:port]) or nothing. */
export const zOptionalOrigin = zOptionalText.transform((v, ctx) =>
  v === undefined ? undefined : toOrigin(v, ctx),
);

export const trimSlashes = (url: string): string => url.replace(/\/+$/, "");

/** What every port's resolver may read besides its own variables. */
export interface TResolveContext {
  /** Where relative paths given by the operator resolve. */
  cwd: string;
  /** DATA_DIR, resolved (the runtime port's). */
  dataDir: string;
}

/** A problem with one variable, as the boot error prints it: `NAME: what is wrong`. */
export type TConfigIssue = string;

export interface TPort<TSchema extends z.ZodType, TSettings> {
  name: string;
  schema: TSchema;
  /** Settings, or the issues (one per bad variable) when the values disagree with each other. */
  resolve(env: z.output<TSchema>, ctx: TResolveContext): TSettings | ConfigIssues;
}

export function definePort<TShape extends z.ZodRawShape, TSettings>(
  name: string,
  shape: TShape,
  resolve: (env: z.output<z.ZodObject<TShape>>, ctx: TResolveContext) => TSettings | ConfigIssues,
): TPort<z.ZodObject<TShape>, TSettings> {
  return { name, schema: z.object(shape), resolve };
}

/** A resolver's answer when its variables are each valid but do not fit together. */
export class ConfigIssues {
  constructor(readonly lines: readonly TConfigIssue[]) {}
}

export function issues(...lines: TConfigIssue[]): ConfigIssues {
  return new ConfigIssues(lines);
}
