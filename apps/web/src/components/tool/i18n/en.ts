import type { toolKo } from "./ko.ts";

/** English `tool.*` strings: the same keys as ko.ts. */
export const toolEn: { [K in keyof typeof toolKo]: string } = {
  loginRequired: "Please log in first.",
};
