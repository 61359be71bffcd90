/**
 * A dependency that does not answer (issue 28): the database, Redis or the file store down,
 * refusing, cut off or too slow. Such a request is answered 503 DEPENDENCY_UNAVAILABLE with
 * `details.dependency` (when it is known) within a bounded time, never 500 and never a hang.
 * Drivers throw `dependencyUnavailable(...)` where they know which dependency failed; the error
 * handler classifies what reaches it otherwise (`dependencyOf`).
 */
import { AppError } from "./app-error.ts";

export type TDependencyName = "database" | "redis" | "storage";

const LABEL: Record<TDependencyName, string> = {
  database: "database",
  redis: "queue (Redis)",
  storage: "file storage",
};

export function dependencyUnavailable(dependency: TDependencyName | null, cause?: unknown): AppError {
  const error = new AppError(
    503,
    "DEPENDENCY_UNAVAILABLE",
    `The ${dependency ? LABEL[dependency] : "service"} is not answering right now. Please try again shortly.`,
    dependency ? { dependency } : undefined,
  );
  if (cause !== undefined) (error as { cause?: unknown }).cause = cause;
  return error;
}

/** Socket errors: the other end is not there, went away or did not answer. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNABORTED",
  "ERR_SOCKET_CONNECTION_TIMEOUT",
]);

/** SQLite: locked past busy_timeout, disk full or failing, file gone or read-only. */
const SQLITE_OUTAGE = /^SQLITE_(BUSY|LOCKED|FULL|IOERR|CANTOPEN|READONLY|PROTOCOL)/;
/**
 * PostgreSQL SQLSTATE: connection exceptions (08…), shutting down or starting (57P01–03), too many
 * connections, a statement cancelled by statement_timeout (57014) or a lock not granted in time
 * (55P03); "Query read timeout" is the client's own bound (query_timeout).
 */
const PG_OUTAGE = /^(08\w{3}|57P0[123]|53300|57014|55P03)$/;
const PG_MESSAGES =
  /Query read timeout|Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended|the database system is (shutting down|starting up)/i;

function* causes(error: unknown): Generator<Record<string, unknown>> {
  let current = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    yield current as Record<string, unknown>;
    current = (current as { cause?: unknown }).cause;
  }
}

/** Whether an error is a dependency not answering: which one, "unknown", or null (a bug, not an outage). */
export function dependencyOf(error: unknown): TDependencyName | "unknown" | null {
  let isNetwork = false;
  for (const e of causes(error)) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (SQLITE_OUTAGE.test(code)) return "database";
    if (PG_OUTAGE.test(code) || PG_MESSAGES.test(message)) return "database";
    if (e.name === "MaxRetriesPerRequestError" || /^(Connection is closed|Command timed out)/.test(message))
      return "redis";
    if (NETWORK_CODES.has(code) || e.name === "TimeoutError") isNetwork = true;
  }
  return isNetwork ? "unknown" : null;
}
