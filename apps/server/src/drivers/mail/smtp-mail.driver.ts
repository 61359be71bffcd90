import nodemailer from "nodemailer";
import type { MailDriver } from "./mail-driver.ts";

/** SMTP through nodemailer; SMTP_URL carries host, port, TLS and credentials. */
export function createSmtpMailDriver(smtpUrl: string, from: string): MailDriver {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    driver: "smtp",
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
    },
  };
}
