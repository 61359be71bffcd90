import type { MailDriver } from "./mail-driver.ts";

export interface MailLogger {
  info(obj: object, msg: string): void;
}

/**
 * The default driver: an e-mail becomes one log line with its whole text, so a single-machine
 * operator (or a developer) can follow a password-reset link without a mail server.
 */
export function createLogMailDriver(logger: MailLogger, from: string): MailDriver {
  return {
    driver: "log",
    async send(message) {
      logger.info({ mail: { from, to: message.to, subject: message.subject, text: message.text } }, "e-mail");
    },
  };
}
