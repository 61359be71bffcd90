import { readStorage, removeStorage, writeStorage } from "./storage.ts";

/**
 * The cross-page handoff record of spec 02 §2.3, §3: one page stores an image for another
 * ("send to upscale") and the receiving page loads it, then removes the record.
 */
export const STORAGE_KEY_HANDOFF = "imageHandoff";

export type THandoffTarget = "upscale" | "consistency" | "image-edit";

export interface THandoffRecord {
  target: THandoffTarget;
  imageUrl: string;
  role?: string;
  source?: string;
  ts?: number;
}

export function writeHandoff(record: THandoffRecord): void {
  writeStorage(STORAGE_KEY_HANDOFF, JSON.stringify({ ts: Date.now(), ...record }));
}

/** The record for this page, or null; a record for another page is left where it is. */
export function takeHandoff(target: THandoffTarget): THandoffRecord | null {
  const raw = readStorage(STORAGE_KEY_HANDOFF);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    removeStorage(STORAGE_KEY_HANDOFF);
    return null;
  }
  const record = value as Partial<THandoffRecord> | null;
  const hasPrompt = typeof (record as Partial<TPromptHandoff> | null)?.prompt === "string";
  if (!record || typeof record !== "object" || typeof record.imageUrl !== "string" || !record.imageUrl) {
    // A prompt handoff (issue 14) is valid too; it is taken with takePromptHandoff.
    if (!hasPrompt) removeStorage(STORAGE_KEY_HANDOFF);
    return null;
  }
  if (record.target !== target) return null;
  removeStorage(STORAGE_KEY_HANDOFF);
  return record as THandoffRecord;
}

/**
 * A prompt handed to another tool (issue 14: the prompt chat's "use in image edit / generation"):
 * the receiving page fills its prompt field with it, then removes the record.
 */
export interface TPromptHandoff {
  target: THandoffTarget;
  prompt: string;
  source?: string;
  ts?: number;
}

export function writePromptHandoff(record: TPromptHandoff): void {
  writeStorage(STORAGE_KEY_HANDOFF, JSON.stringify({ ts: Date.now(), ...record }));
}

/** The prompt handed to this page, or null; anything else is left where it is. */
export function takePromptHandoff(target: THandoffTarget): TPromptHandoff | null {
  const raw = readStorage(STORAGE_KEY_HANDOFF);
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const record = value as Partial<TPromptHandoff> | null;
  if (!record || record.target !== target || typeof record.prompt !== "string" || !record.prompt) return null;
  removeStorage(STORAGE_KEY_HANDOFF);
  return record as TPromptHandoff;
}
