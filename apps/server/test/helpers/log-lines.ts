import { Writable } from "node:stream";
import { pino } from "pino";

/** A pino logger at `level` whose lines are parsed into `lines`, for tests that read what the app logs. */
export function captureLogs<TLine = { level: number; msg: string }>(level = "info") {
  const lines: TLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level }, stream), lines };
}
