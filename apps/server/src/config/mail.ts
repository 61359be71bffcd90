/** E-mail (ARCHITECTURE "e-mail"): written to the log, or sent through SMTP. */
import { z } from "zod";
import { definePort, issues, zOptionalText } from "./env.ts";

export type TMailConfig = { driver: "log"; from: string } | { driver: "smtp"; from: string; smtpUrl: string };

export interface TMailPortConfig {
  mail: TMailConfig;
}

export const mailPort = definePort(
  "mail",
  {
    MAIL_DRIVER: z.enum(["log", "smtp"]).default("log"),
    SMTP_URL: zOptionalText,
    MAIL_FROM: z.string().trim().min(3).default("Gyeol <no-reply@gyeol.app>"),
  },
  (e) => {
    if (e.MAIL_DRIVER === "smtp" && !e.SMTP_URL) return issues("SMTP_URL: required when MAIL_DRIVER=smtp");
    const mail: TMailConfig =
      e.MAIL_DRIVER === "log"
        ? { driver: "log", from: e.MAIL_FROM }
        : { driver: "smtp", from: e.MAIL_FROM, smtpUrl: e.SMTP_URL! };
    return { mail: Object.freeze(mail) } satisfies TMailPortConfig;
  },
);
