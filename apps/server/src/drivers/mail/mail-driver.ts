/**
 * The e-mail port (ARCHITECTURE "e-mail": written to the log by default, SMTP at scale). The
 * driver is chosen once at boot (create-mail-driver.ts); services only see `send`.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailDriver {
  readonly driver: "log" | "smtp" | "memory";
  send(message: MailMessage): Promise<void>;
}

/** Keeps what was sent, for tests (passed in through DriverOverrides). */
export function createMemoryMailDriver(): MailDriver & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    driver: "memory",
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
