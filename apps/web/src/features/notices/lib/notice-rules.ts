import { MAX_NOTICE_ATTACHMENTS, NOTICE_PAGE_SIZE } from "@gyeol/shared/constants";

/**
 * The notice list's number column (spec 01 §2): pinned rows show a pin instead; the others
 * 10 × (page − 1) + their 1-based row on the page.
 */
export function noticeNumber(page: number, rowIndex: number, isPinned: boolean): number | "pin" {
  if (isPinned) return "pin";
  return NOTICE_PAGE_SIZE * (page - 1) + rowIndex + 1;
}

/** ?page= as a page number: anything but a whole number from 1 is page 1. */
export function parsePageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export type TAttachmentProblem = "tooMany" | "imagesOnly";

const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/webp"]);

export function isAcceptedImage(file: File): boolean {
  return IMAGE_TYPES.has(file.type);
}

function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * Adds chosen files to the attachments (spec 01 §5): images only, duplicates (same name, size and
 * last-modified) ignored, at most 5 in all. Returns what was kept and the first problem met.
 */
export function addAttachments(
  current: readonly File[],
  incoming: readonly File[],
  max = MAX_NOTICE_ATTACHMENTS,
): { files: File[]; problem: TAttachmentProblem | null } {
  const files = [...current];
  let problem: TAttachmentProblem | null = null;
  for (const file of incoming) {
    if (!isAcceptedImage(file)) {
      problem ??= "imagesOnly";
      continue;
    }
    if (files.some((existing) => sameFile(existing, file))) continue;
    if (files.length >= max) {
      problem ??= "tooMany";
      continue;
    }
    files.push(file);
  }
  return { files, problem };
}

/** Text with `snippet` put in place of the selection; the caret goes right after it. */
export function insertAtSelection(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  snippet: string,
): { text: string; caret: number } {
  const start = Math.max(0, Math.min(selectionStart, text.length));
  const end = Math.max(start, Math.min(selectionEnd, text.length));
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === "" || before.endsWith("\n") ? "" : "\n";
  const trail = after.startsWith("\n") ? "" : "\n";
  const inserted = `${lead}${snippet}${trail}`;
  return { text: `${before}${inserted}${after}`, caret: before.length + inserted.length };
}

/** The image tag the editor puts into the body for an uploaded image. */
export function imageTag(url: string, alt: string): string {
  const escapeAttribute = (value: string) =>
    value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<img src="${escapeAttribute(url)}" alt="${escapeAttribute(alt)}">`;
}

export function toKilobytes(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}

/** The route's :id as a notice id, or null when it is not a positive whole number. */
export function parseNoticeId(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
