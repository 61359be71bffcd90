import { z } from "zod";

/**
 * The text every request field is built from (issue 11, "hostile input"). No field takes the C0
 * controls (U+0000–U+001F), DEL and the C1 controls (U+007F–U+009F), or a lone UTF-16 surrogate:
 * PostgreSQL refuses NUL in text (the insert failed with a 500), a lone surrogate is not valid
 * UTF-8, and the rest are invisible in the UI while they break logs, e-mail headers and CSV. Text
 * that is written in more than one line (a notice body, a prompt) keeps tab, line feed and
 * carriage return. Every string of a request contract starts from ZSingleLine or ZMultiLine; a
 * test walks the contracts so a field that does not is caught (text.test.ts).
 */

// With the `u` flag a well-formed surrogate pair is one code point above U+FFFF, so the
// surrogate range matches only a lone half.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\ud800-\udfff]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters refused
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]/u;

export const CONTROL_CHARS_MESSAGE = "Remove the control characters or broken Unicode from the text.";

export interface TTextRule {
  /** Tab, line feed and carriage return are allowed (the rest of the controls never are). */
  isMultiLine?: boolean;
}

/** True when the text holds a character no field takes (see above). */
export function hasForbiddenChars(text: string, { isMultiLine = false }: TTextRule = {}): boolean {
  return (isMultiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text);
}

/** The text without those characters, for names we keep but did not ask for (an upload's file name). */
export function stripForbiddenChars(text: string, { isMultiLine = false }: TTextRule = {}): string {
  const forbidden = isMultiLine ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN;
  return text.replace(new RegExp(forbidden.source, "gu"), "");
}

/**
 * The check runs first, on the text as sent (before a field's `.trim()`), and names its reason
 * so the web can say what is wrong next to the field (contracts/errors.ts "control_chars").
 */
function textRule(rule: TTextRule) {
  return (text: string) => !hasForbiddenChars(text, rule);
}

/** One line of text: names, e-mails, titles, keys, URLs, tokens, query strings. */
export const ZSingleLine = z.string().refine(textRule({ isMultiLine: false }), {
  message: CONTROL_CHARS_MESSAGE,
  params: { reason: "control_chars" },
});

/** Text that may run over several lines: a notice body, a prompt. */
export const ZMultiLine = z.string().refine(textRule({ isMultiLine: true }), {
  message: CONTROL_CHARS_MESSAGE,
  params: { reason: "control_chars" },
});
