import { type TRetouchSettings, ZRetouchSettings } from "@gyeol/shared/contracts/images";

/**
 * The settings a stored retouch job ran with (its jobs.input, `{inputKey, input}`), for its owner's
 * history: what "run again" puts back into the form (issue 24). Null for a row that does not read
 * as one. Read here, by the history, so the images module needs nothing of the retouch module.
 */
export function retouchSettingsOf(storedInput: string): TRetouchSettings | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storedInput);
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null || !("input" in parsed)) return null;
  const settings = ZRetouchSettings.safeParse((parsed as { input: unknown }).input);
  return settings.success ? settings.data : null;
}
