import { pino } from "pino";
import type { TMailConfig } from "../../config.ts";
import { createLogMailDriver, type MailLogger } from "./log-mail.driver.ts";
import type { MailDriver } from "./mail-driver.ts";
import { createSmtpMailDriver } from "./smtp-mail.driver.ts";

/** Chooses the e-mail driver once, from the validated config (STYLE habit 3). */
export function createMailDriver(
  config: TMailConfig,
  logger: MailLogger = pino({ name: "mail" }),
): MailDriver {
  return config.driver === "smtp"
    ? createSmtpMailDriver(config.smtpUrl, config.from)
    : createLogMailDriver(logger, config.from);
}
