import "i18next";
import type { ko } from "./ko.ts";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof ko };
  }
}
