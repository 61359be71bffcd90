import type { Services } from "../services.ts";
import type { CronTask } from "./scheduler.ts";

const HOUR_MS = 60 * 60 * 1000;

/** The cron role's tasks. Expired sessions are already refused at check time; this keeps the table small. */
export function createCronTasks(services: Pick<Services, "auth">): CronTask[] {
  return [
    {
      name: "delete-expired-sessions",
      intervalMs: HOUR_MS,
      run: async () => ({ deleted: await services.auth.deleteExpiredSessions() }),
    },
  ];
}
