/**
 * Prompt moderation by banned keywords (spec 02 §5 "Consistency"; issue 27 "moderation speaks
 * Korean"). A keyword matches the prompt after both are normalised the same way, so the common
 * ways of writing around a list are caught:
 * - case and width: NFKC and lower case (ＢＩＫＩＮＩ, Bikini);
 * - look-alike letters from other scripts: Cyrillic and Greek letters that read as Latin (bіkіnі
 *   with a Cyrillic і), and digits or symbols inside a Latin word (n0de → node, s3xy, $exy);
 * - spacing and separators: runs of single letters or syllables written apart are joined
 *   (n u d e, n.u.d.e, 비 키 니, 누_드), zero-width characters are dropped, and any run of spaces or
 *   punctuation between words counts as one space (hot-body, hot   body);
 * - Hangul jamo: letters typed one jamo at a time (ㅂㅣㅋㅣㄴㅣ) are composed into syllables.
 * Words written with ordinary spacing are not glued together, so "menu design" does not hold
 * "nude" and "해야 한다" does not hold "야한".
 */

/** spec 02 §5: the list the page falls back to when GET /api/auth/banned-keywords fails. */
export const FALLBACK_BANNED_KEYWORDS = ["nude", "breast", "hot body", "sexy", "bikini"] as const;

/**
 * The server's list as it starts (the administrator edits it): the spec's five English words,
 * more English ones, and Korean ones (each is matched with the variants above).
 */
export const DEFAULT_BANNED_KEYWORDS = [
  ...FALLBACK_BANNED_KEYWORDS,
  "naked",
  "topless",
  "nsfw",
  "porn",
  "lingerie",
  "누드",
  "나체",
  "알몸",
  "전라",
  "섹시",
  "섹스",
  "비키니",
  "란제리",
  "포르노",
  "야동",
  "음란",
  "젖꼭지",
  "유두",
  "성기",
  "노브라",
  "가슴 노출",
  "벗은 몸",
  "헐벗은",
  "성행위",
] as const;

/** Cyrillic and Greek letters that look like Latin ones (after lower-casing). */
const LOOKALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ɡ: "g",
};

/** Digits and symbols written for letters inside a Latin word. */
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
};

const ZERO_WIDTH =
  /\u034f|[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]/g;

// Hangul compatibility jamo (U+3131–U+318E) → their index as a leading consonant, vowel or tail.
const LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const VOWELS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
const TAILS = " ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ";

/** Composes jamo typed one at a time (ㅂㅣㅋㅣㄴㅣ) into syllables (비키니); other text is kept. */
export function composeJamo(text: string): string {
  const chars = [...text];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    const lead = LEADS.indexOf(chars[i]!);
    const vowel = i + 1 < chars.length ? VOWELS.indexOf(chars[i + 1]!) : -1;
    if (lead < 0 || vowel < 0) {
      out += chars[i];
      continue;
    }
    // A tail is the next consonant unless it starts the next syllable (a vowel follows it).
    const next = chars[i + 2];
    const after = chars[i + 3];
    const tail = next !== undefined ? TAILS.indexOf(next) : -1;
    const tailStartsNext = after !== undefined && VOWELS.includes(after);
    const useTail = tail > 0 && !tailStartsNext;
    out += String.fromCharCode(0xac00 + (lead * 21 + vowel) * 28 + (useTail ? tail : 0));
    i += useTail ? 2 : 1;
  }
  return out;
}

/** A letter of any script, a number, or the symbols that stand for letters (LEET). */
const WORD_CHAR = /[\p{L}\p{N}\p{M}@$]/u;

function latinize(token: string): string {
  const mapped = [...token].map((char) => LOOKALIKES[char] ?? char).join("");
  // Digits and symbols read as letters only inside a word that has Latin letters.
  if (!/[a-z]/.test(mapped)) return mapped;
  return [...mapped].map((char) => LEET[char] ?? char).join("");
}

/**
 * The text as the keyword check reads it: words separated by single spaces, with the variants
 * described at the top undone.
 */
export function normalizeForModeration(text: string): string {
  // NFKC would turn jamo typed one at a time into conjoining jamo that do not compose as typed,
  // so they are kept apart from it and composed below.
  const base = text
    .replace(ZERO_WIDTH, "")
    .replace(/[^\u3131-\u318e]+/g, (part) => part.normalize("NFKC"))
    .toLowerCase();
  // Words: runs of word characters; anything else separates them.
  const tokens: string[] = [];
  let current = "";
  for (const char of base) {
    if (WORD_CHAR.test(char)) current += char;
    else if (current) {
      tokens.push(current);
      current = "";
    }
  }
  if (current) tokens.push(current);
  // Runs of two or more one-character words are one word written apart (n u d e, 비 키 니).
  const joined: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length >= 2) joined.push(run.join(""));
    else joined.push(...run);
    run = [];
  };
  for (const token of tokens) {
    if ([...token].length === 1) run.push(token);
    else {
      flush();
      joined.push(token);
    }
  }
  flush();
  return joined
    .map((token) => latinize(composeJamo(token)).normalize("NFC"))
    .join(" ")
    .trim();
}

/**
 * The first keyword of the list the text holds (as the list spells it), or null. A keyword of
 * one word matches inside a word too (spec 02 §5 checks the lower-cased prompt for the keyword),
 * so "bikinis" and "비키니를" are caught.
 */
export function findBannedKeyword(text: string, keywords: readonly string[]): string | null {
  const normalized = normalizeForModeration(text);
  for (const keyword of keywords) {
    const k = normalizeForModeration(keyword);
    if (!k) continue;
    if (!k.includes(" ")) {
      if (normalized.includes(k)) return keyword;
      continue;
    }
    // A keyword of several words starts at a word ("shot bodyguard" does not hold "hot body"),
    // and also matches written as one word (hotbody, 가슴노출).
    const spaced = ` ${normalized}`;
    if (spaced.includes(` ${k}`) || spaced.includes(` ${k.replaceAll(" ", "")}`)) return keyword;
  }
  return null;
}
