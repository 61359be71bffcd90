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
import { pino } from "pino";

/** A level's severity in pino's numbers (trace 10 … fatal 60); silent is above every one. */
function severity(level: string): number {
  return level === "silent"
    ? Number.POSITIVE_INFINITY
    : (pino.levels.values[level] ?? pino.levels.values.info!);
}

/** The poll routes' level for an app logging at `appLevel`. */
export function pollLogLevel(appLevel: string): LogLevel {
  const own = severity(appLevel);
  return own <= severity("debug") || own >= severity("warn") ? (appLevel as LogLevel) : "warn";
}

/** Route options for a poll route of `app`. */
export function pollRouteLogging(app: Pick<FastifyInstance, "log">): { logLevel: LogLevel } {
  return { logLevel: pollLogLevel(app.log.level) };
}
