/**
 * The log level of the routes a page polls while it waits (spec 02 §4.1: a job's status, and the
 * history beside it): their answers are not written to the log at the default `info`.
 *
 * Fastify logs every request twice at `info` ("incoming request", "request completed"). A page
 * waiting on a job polls status every second or two, so at the default level the log was mostly
 * polls, and writing those two lines cost the status route about 17 µs of its ~57 µs per request
 * (`npm run bench:api`, which runs at `info` as production does). On these routes the request
 * lines appear only when the operator asks for `debug` or `trace`; warnings and errors are always
 * logged; and a level the operator set above `warn` (error, fatal, silent) is kept.
 */
import type { FastifyInstance, LogLevel } from "fastify";

const SEVERITY: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

/** The poll routes' level for an app logging at `appLevel`. */
export function pollLogLevel(appLevel: string): LogLevel {
  const severity = SEVERITY[appLevel] ?? SEVERITY.info!;
  if (severity <= SEVERITY.debug! || severity >= SEVERITY.warn!) return appLevel as LogLevel;
  return "warn";
}

/** Route options for a poll route of `app`. */
export function pollRouteLogging(app: Pick<FastifyInstance, "log">): { logLevel: LogLevel } {
  return { logLevel: pollLogLevel(app.log.level) };
}
