/** Types for hangul-placeholder-font.mjs (a plain build script). */
export const PRETENDARD_HANGUL_ADVANCE: number;
export const HANGUL_RANGES: Array<[number, number]>;
export function hangulPlaceholderFont(advance?: number, ranges?: Array<[number, number]>): Buffer;
export function hangulPlaceholderDataUrl(): string;
export function hangulPlaceholderSrc(): string;
