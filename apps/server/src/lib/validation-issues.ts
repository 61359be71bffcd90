/**
 * Field-level validation issues (issue 12): every VALIDATION_ERROR names the field and a reason
 * the web translates next to it (`TValidationIssue`, packages/shared contracts/errors.ts), whether
 * it came from a route's zod schema, a service's own zod parse or a rule only a service can check.
 */
import type { TValidationIssue, TValidationReason } from "@gyeol/shared/contracts/errors";
import { VALIDATION_REASONS } from "@gyeol/shared/contracts/errors";
import { AppError } from "./app-error.ts";

/** The parts of a zod issue we read; Fastify's validation entries are turned into this shape. */
export interface RawIssue {
  code?: string;
  path: readonly PropertyKey[];
  message?: string;
}

/** The issue's other fields (origin, minimum, maximum, format, divisor, params) as zod names them. */
function extrasOf(raw: RawIssue): Record<string, unknown> {
  return raw as unknown as Record<string, unknown>;
}

const ZOD_REASONS: Record<string, TValidationReason> = {
  too_small: "too_small",
  too_big: "too_big",
  invalid_format: "invalid_format",
  invalid_type: "invalid_type",
  invalid_value: "invalid_value",
  invalid_union: "invalid_value",
  not_multiple_of: "not_multiple_of",
  unrecognized_keys: "unrecognized_keys",
};

function isReason(value: unknown): value is TValidationReason {
  return typeof value === "string" && (VALIDATION_REASONS as readonly string[]).includes(value);
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "bigint") return Number(value);
  return undefined;
}

function valueAt(source: unknown, path: readonly PropertyKey[]): unknown {
  let current = source;
  for (const key of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function reasonOf(raw: RawIssue, source: unknown): TValidationReason {
  const code = raw.code ?? "";
  const extra = extrasOf(raw);
  if (code === "custom") {
    const params = extra.params as { reason?: unknown } | undefined;
    return isReason(params?.reason) ? params.reason : "invalid";
  }
  // zod 4 reports a missing field as a wrong type or value, without the input; the request tells us.
  const isTypeOrValue = code === "invalid_type" || code === "invalid_value" || code === "invalid_union";
  if (isTypeOrValue && source !== undefined && valueAt(source, raw.path) === undefined) return "required";
  // A trimmed string under one character is a name of spaces, not a short one.
  if (code === "too_small" && extra.origin === "string" && numberOf(extra.minimum) === 1) return "blank";
  return ZOD_REASONS[code] ?? "invalid";
}

/**
 * One zod issue as the API reports it. `source` is what was validated (the body, the query), so a
 * missing field reads as "required" rather than a wrong type.
 */
export function toValidationIssue(raw: RawIssue, location: string, source?: unknown): TValidationIssue {
  const reason = reasonOf(raw, source);
  const extra = extrasOf(raw);
  const issue: TValidationIssue = {
    location,
    path: raw.path.map(String).join("."),
    message: raw.message || "Invalid value.",
    reason,
  };
  if (typeof extra.origin === "string") issue.origin = extra.origin;
  const minimum = numberOf(extra.minimum);
  const maximum = numberOf(extra.maximum);
  if (minimum !== undefined) issue.minimum = minimum;
  if (maximum !== undefined) issue.maximum = maximum;
  if (typeof extra.format === "string") issue.format = extra.format;
  const divisor = numberOf(extra.divisor);
  if (divisor !== undefined) issue.multipleOf = divisor;
  return issue;
}

/** Fastify's validation entry (fastify-type-provider-zod keeps zod's fields under `params`). */
export function fromFastifyValidation(entry: {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}): RawIssue {
  const path = (entry.instancePath ?? "")
    .split("/")
    .filter((part) => part !== "")
    .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"));
  return { ...entry.params, code: entry.keyword, path, message: entry.message };
}

/** `{ error }` of a validation answer: the first issue as "path: message". */
export function summarizeIssues(issues: readonly TValidationIssue[]): string {
  const first = issues[0];
  if (!first) return "The request is not valid.";
  return first.path ? `${first.path}: ${first.message}` : first.message;
}

/** A 400 VALIDATION_ERROR carrying its issues, for rules a service checks itself. */
export function validationError(issues: TValidationIssue[]): AppError {
  return new AppError(400, "VALIDATION_ERROR", summarizeIssues(issues), { issues });
}

/** A 400 VALIDATION_ERROR about one body field. */
export function fieldError(
  path: string,
  reason: TValidationReason,
  message: string,
  limits: Pick<TValidationIssue, "origin" | "minimum" | "maximum"> = {},
): AppError {
  return validationError([{ location: "body", path, message, reason, ...limits }]);
}

/** A failed zod parse of something other than the route schema (a multipart form's fields). */
export function zodValidationError(issues: readonly RawIssue[], location: string, source: unknown): AppError {
  return validationError(issues.map((raw) => toValidationIssue(raw, location, source)));
}
