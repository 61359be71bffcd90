import type { TValidationIssue } from "@gyeol/shared/contracts/errors";
import type { TFunction } from "i18next";
import { isApiError } from "./api-client.ts";
import { i18n } from "./i18n/i18n.ts";

/**
 * What a person reads for a failed call (issue 12): only the web's own sentences, chosen by code,
 * in the page's language. The server's `error` sentence and HTTP status text never reach the page;
 * a code without a translation reads as the screen's fallback (a generic sentence).
 */

/** Keys built at run time are checked with i18n.exists, so the key-typed `t` is called untyped. */
type TUntypedT = (key: string, values?: Record<string, unknown>) => string;

function translated(key: string, t: TFunction, values?: Record<string, unknown>): string | null {
  return i18n.exists(key) ? (t as unknown as TUntypedT)(key, values) : null;
}

/** The translation of a code (server, job or client), or null when the web has none. */
export function describeCode(code: string | null | undefined, t: TFunction): string | null {
  return code ? translated(`errors.codes.${code}`, t) : null;
}

/** The issues of a 400 VALIDATION_ERROR (details.issues), or none. */
export function validationIssuesOf(error: unknown): TValidationIssue[] {
  if (!isApiError(error) || error.code !== "VALIDATION_ERROR") return [];
  const issues = (error.details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is TValidationIssue =>
      typeof issue === "object" && issue !== null && typeof (issue as TValidationIssue).path === "string",
  );
}

/** The form field an issue belongs to: its first path segment ("files.1" → "files"). */
export function issueField(issue: TValidationIssue): string {
  return issue.path.split(".")[0] ?? "";
}

const SIZE_ORIGINS: Record<string, "Text" | "Number" | "Items"> = {
  string: "Text",
  number: "Number",
  int: "Number",
  bigint: "Number",
  array: "Items",
  set: "Items",
  file: "Items",
};

/** errors.validation.<key> for an issue's reason, measured the way the limit was. */
function reasonKey(issue: TValidationIssue): string {
  const origin = SIZE_ORIGINS[issue.origin ?? ""] ?? "Number";
  switch (issue.reason) {
    case "too_small":
      return `tooSmall${origin}`;
    case "too_big":
      return `tooBig${origin}`;
    case "invalid_format":
      return issue.format === "email" ? "invalidEmail" : "invalidFormat";
    default:
      // snake_case reason → camelCase key; a reason this build does not know reads as "invalid".
      return issue.reason.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  }
}

/** Why a field was refused, in the page's language (shown next to the field). */
export function describeIssue(issue: TValidationIssue, t: TFunction): string {
  const values = { minimum: issue.minimum, maximum: issue.maximum, multipleOf: issue.multipleOf };
  return (
    translated(`errors.validation.fields.${issueField(issue)}`, t) ??
    translated(`errors.validation.${reasonKey(issue)}`, t, values) ??
    t("errors.validation.invalid")
  );
}

/** An issue away from its field (a toast, a form without that field): "Password: Use at most 128 characters." */
export function describeIssueWithField(issue: TValidationIssue, t: TFunction): string {
  const reason = describeIssue(issue, t);
  const name = translated(`errors.fieldNames.${issueField(issue)}`, t);
  return name ? t("errors.withField", { field: name, reason }) : reason;
}

export function describeError(error: unknown, t: TFunction, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const [issue] = validationIssuesOf(error);
  if (issue) return describeIssueWithField(issue, t);
  // A banned word is named (issue 27): the word as the list spells it, in the page's sentence.
  const keyword = (error.details as { keyword?: unknown } | undefined)?.keyword;
  if (error.code === "NSFW_PROMPT_BLOCKED" && typeof keyword === "string" && keyword)
    return t("errors.blockedWord", { word: keyword });
  // A refused size says the limit the server holds (issue 26: "at most 25 MB").
  const maxBytes = (error.details as { maxBytes?: unknown } | undefined)?.maxBytes;
  if (error.code === "PAYLOAD_TOO_LARGE" && typeof maxBytes === "number" && maxBytes > 0)
    return t("toolLimits.payloadTooLarge", { mb: formatMegabytes(maxBytes) });
  return describeCode(error.code, t) ?? fallback;
}

/** 26214400 → "25", 1.5 MiB → "1.5". */
function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** Codes that are about one field, so a form shows them there (the e-mail of a sign-up). */
const FIELD_OF_CODE: Record<string, string> = { EMAIL_TAKEN: "email" };

export interface TFormErrors<TField extends string> {
  /** Translated reasons, next to their fields. */
  fields: Partial<Record<TField, string>>;
  /** What is left for the form's own error line: null when every problem sits at a field. */
  form: string | null;
}

export const NO_FORM_ERRORS = { fields: {}, form: null } as const;

/**
 * Splits a failed submit between the form's fields and its error line: each validation issue and
 * field-bound code lands next to its field (first issue per field); anything else (an issue for a
 * field the form does not show, any other code) goes on the form line.
 */
export function formErrorsOf<TField extends string>(
  error: unknown,
  t: TFunction,
  fields: readonly TField[],
  fallback: string,
  describe: typeof describeError = describeError,
): TFormErrors<TField> {
  const isFormField = (name: string): name is TField => (fields as readonly string[]).includes(name);
  const result: TFormErrors<TField> = { fields: {}, form: null };
  const issues = validationIssuesOf(error);
  const elsewhere: TValidationIssue[] = [];
  for (const issue of issues) {
    const name = issueField(issue);
    if (!isFormField(name)) elsewhere.push(issue);
    else result.fields[name] ??= describeIssue(issue, t);
  }
  if (issues.length > 0) {
    result.form = elsewhere[0] ? describeIssueWithField(elsewhere[0], t) : null;
    return result;
  }
  const boundField = isApiError(error) ? FIELD_OF_CODE[error.code] : undefined;
  if (boundField && isFormField(boundField)) {
    result.fields[boundField] = describe(error, t, fallback);
    return result;
  }
  result.form = describe(error, t, fallback);
  return result;
}

/**
 * One sentence for a toast: the form line; else a lone field's reason (a taken e-mail); else, with
 * several fields marked, "check what you entered" (each reason is under its field).
 */
export function summarizeFormErrors(errors: TFormErrors<string>, t: TFunction): string | null {
  if (errors.form) return errors.form;
  const reasons = Object.values(errors.fields).filter((text): text is string => typeof text === "string");
  if (reasons.length > 1) return t("errors.codes.VALIDATION_ERROR");
  return reasons[0] ?? null;
}
