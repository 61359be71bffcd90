import type { TLocale } from "@gyeol/shared/constants";
import {
  OPERATOR_BLOCK_ATTRIBUTE,
  OPERATOR_LINE_ATTRIBUTE,
  type TOperatorField,
} from "@gyeol/shared/operator";
import { useTranslation } from "react-i18next";
import { useOperator } from "../lib/operator.ts";

/** The footer's order, as Korean sites list them (상호, 대표자, 사업자등록번호 …). */
export const BUSINESS_FIELDS: readonly TOperatorField[] = [
  "name",
  "representative",
  "businessNumber",
  "mailOrderNumber",
  "address",
  "phone",
  "supportEmail",
  "supportHours",
  "privacyOfficer",
];

function Value({ field, value }: { field: TOperatorField; value: string }) {
  const linkClass = "underline-offset-2 hover:text-accent-700 hover:underline";
  if (field === "supportEmail")
    return (
      <a href={`mailto:${value}`} className={linkClass}>
        {value}
      </a>
    );
  if (field === "phone")
    return (
      <a href={`tel:${value}`} className={linkClass}>
        {value}
      </a>
    );
  return <>{value}</>;
}

/**
 * The operator's details (issue 30) under a heading, one line per configured detail; a detail
 * that is not configured has no line, and with none the whole block is left out. Lines and the
 * block are marked (OPERATOR_LINE_ATTRIBUTE, OPERATOR_BLOCK_ATTRIBUTE) so the server takes the same
 * parts out of a prerendered page (shared/operator.ts fillOperatorTokens).
 */
export function OperatorDetails({
  locale,
  fields = BUSINESS_FIELDS,
  variant,
  heading,
  testId,
}: {
  locale: TLocale;
  fields?: readonly TOperatorField[];
  /** inline: the footer's wrapped run of small items; rows: labels beside values (legal pages). */
  variant: "inline" | "rows";
  heading: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const details = useOperator(locale);
  const lines = fields.filter((field) => details[field] !== undefined);
  if (lines.length === 0) return null;
  const isInline = variant === "inline";
  return (
    <div {...{ [OPERATOR_BLOCK_ATTRIBUTE]: "" }} data-testid={testId} className={isInline ? "" : "my-4"}>
      <h3 className={isInline ? "sr-only" : "mb-2 text-sm font-bold text-ink"}>{heading}</h3>
      <dl
        className={
          isInline
            ? "flex flex-col gap-y-1 text-[12.5px] leading-relaxed text-muted sm:flex-row sm:flex-wrap sm:gap-x-2.5"
            : "grid gap-x-6 gap-y-2 rounded-2xl bg-canvas px-5 py-4 text-[14px] ring-1 ring-line sm:grid-cols-[max-content_minmax(0,1fr)]"
        }
      >
        {lines.map((field) => (
          <div
            key={field}
            {...{ [OPERATOR_LINE_ATTRIBUTE]: field }}
            className={
              isInline
                ? "inline-flex min-w-0 gap-1.5 sm:after:ml-1 sm:after:text-line-strong sm:after:content-['|'] sm:last:after:content-none"
                : "grid gap-0.5 sm:col-span-2 sm:grid-cols-subgrid"
            }
          >
            <dt className={isInline ? "shrink-0" : "font-semibold text-ink"}>
              {t(`operator.fields.${field}`)}
            </dt>
            <dd className="min-w-0 break-words text-ink-soft">
              <Value field={field} value={details[field] ?? ""} />
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
