/**
 * Who runs the service (issue 30): the business details Korean sites show (상호, 대표자,
 * 사업자등록번호, 통신판매업 신고번호, 주소, 연락처, 개인정보 보호책임자), the support e-mail and
 * hours. Read at boot like every other setting, so changing them needs a restart, not a rebuild;
 * the footer and the legal pages show them (packages/shared operator.ts). Text that differs by
 * language has an English twin (`…_EN`); a value given in one language only is used in both.
 * A detail that is not set is left out of the pages, and `operatorWarnings` tells the operator at
 * start which ones are missing.
 */

import { DEFAULT_SUPPORT_HOURS, type TOperatorField, type TOperatorInfo } from "@gyeol/shared/operator";
import { z } from "zod";
import { definePort } from "./env.ts";

export interface TOperatorPortConfig {
  operator: TOperatorInfo;
  /** Details not configured in either language, by variable, for the start-up warning. */
  operatorMissing: readonly string[];
  /** The support address (also written in the renewal reminder e-mails). */
  supportEmail: string | undefined;
}

/** No control characters and at most `max` characters: these go into every page. */
function zLine(max: number) {
  return z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === "" ? undefined : value))
    .refine((value) => value === undefined || value.length <= max, `at most ${max} characters`)
    .refine(
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
      (value) => value === undefined || !/[\u0000-\u001f\u007f-\u009f]/.test(value),
      "one line of text without control characters",
    );
}

/** 사업자등록번호: ten digits, written 000-00-00000 whatever the operator typed. */
const zBusinessNumber = zLine(20).transform((value, ctx) => {
  if (value === undefined) return undefined;
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{10}$/.test(digits)) {
    ctx.addIssue({ code: "custom", message: `expected ten digits like 123-45-67890, got "${value}"` });
    return z.NEVER;
  }
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
});

const zPhone = zLine(40).refine(
  (value) => value === undefined || /^\+?[\d\s().-]{7,}$/.test(value),
  "expected a phone number like 02-1234-5678 or +82 2 1234 5678",
);

const zEmail = zLine(254).pipe(z.email().optional());

/** Each detail's variables: the Korean (or only) one and, where the text differs, its English twin. */
const VARIABLES: Record<TOperatorField, { ko: string; en?: string }> = {
  name: { ko: "OPERATOR_NAME", en: "OPERATOR_NAME_EN" },
  representative: { ko: "OPERATOR_REPRESENTATIVE", en: "OPERATOR_REPRESENTATIVE_EN" },
  businessNumber: { ko: "OPERATOR_BUSINESS_NUMBER" },
  mailOrderNumber: { ko: "OPERATOR_MAIL_ORDER_NUMBER", en: "OPERATOR_MAIL_ORDER_NUMBER_EN" },
  address: { ko: "OPERATOR_ADDRESS", en: "OPERATOR_ADDRESS_EN" },
  phone: { ko: "OPERATOR_PHONE" },
  supportEmail: { ko: "SUPPORT_EMAIL" },
  supportHours: { ko: "SUPPORT_HOURS", en: "SUPPORT_HOURS_EN" },
  privacyOfficer: { ko: "PRIVACY_OFFICER", en: "PRIVACY_OFFICER_EN" },
};

export const operatorPort = definePort(
  "operator",
  {
    OPERATOR_NAME: zLine(100),
    OPERATOR_NAME_EN: zLine(100),
    OPERATOR_REPRESENTATIVE: zLine(100),
    OPERATOR_REPRESENTATIVE_EN: zLine(100),
    OPERATOR_BUSINESS_NUMBER: zBusinessNumber,
    OPERATOR_MAIL_ORDER_NUMBER: zLine(100),
    OPERATOR_MAIL_ORDER_NUMBER_EN: zLine(100),
    OPERATOR_ADDRESS: zLine(200),
    OPERATOR_ADDRESS_EN: zLine(200),
    OPERATOR_PHONE: zPhone,
    SUPPORT_EMAIL: zEmail,
    SUPPORT_HOURS: zLine(100),
    SUPPORT_HOURS_EN: zLine(100),
    PRIVACY_OFFICER: zLine(100),
    PRIVACY_OFFICER_EN: zLine(100),
  },
  (e): TOperatorPortConfig => {
    const values = e as Record<string, string | undefined>;
    const defaults: Partial<Record<TOperatorField, { ko: string; en: string }>> = {
      supportHours: DEFAULT_SUPPORT_HOURS,
    };
    const operator: TOperatorInfo = { ko: {}, en: {} };
    const missing: string[] = [];
    for (const [field, names] of Object.entries(VARIABLES) as [
      TOperatorField,
      (typeof VARIABLES)[TOperatorField],
    ][]) {
      const ko = values[names.ko];
      const en = names.en ? values[names.en] : undefined;
      const fallback = defaults[field];
      const koValue = ko ?? en ?? fallback?.ko;
      const enValue = en ?? ko ?? fallback?.en;
      if (koValue !== undefined) operator.ko[field] = koValue;
      if (enValue !== undefined) operator.en[field] = enValue;
      if (ko === undefined && en === undefined && fallback === undefined) missing.push(names.ko);
    }
    return {
      operator: Object.freeze({ ko: Object.freeze(operator.ko), en: Object.freeze(operator.en) }),
      operatorMissing: Object.freeze(missing),
      supportEmail: e.SUPPORT_EMAIL,
    };
  },
);

/** The start-up warning: which details the pages leave out until they are set (empty when none). */
export function operatorWarning(missing: readonly string[]): string | undefined {
  if (missing.length === 0) return undefined;
  return (
    `Operator details not set: ${missing.join(", ")}. The footer and the legal pages leave these lines out; ` +
    'Korean law expects a shop to show them (README, "Who runs the service").'
  );
}
