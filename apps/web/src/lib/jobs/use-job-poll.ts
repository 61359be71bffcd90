import { nextPollDelay, POLL_TIMEOUT_CODE, type TPollSchedule } from "@gyeol/shared/polling";
import { useCallback, useEffect, useRef } from "react";
import { isApiError } from "../api-client.ts";
import type { TJobReading } from "./job-status.ts";

export interface TJobPollOptions<T> {
  /** The tool's schedule, from POLL_SCHEDULES (spec 02 §4, §9). */
  schedule: TPollSchedule;
  fetchStatus: (jobId: string, signal: AbortSignal) => Promise<T>;
  /** How an answer reads: still running, completed, or failed with a code. */
  read: (answer: T) => TJobReading;
  /** Opens the job's live event stream ("status" events carrying answers); null where there is none. */
  openEvents?: (jobId: string) => EventSource | null;
  random?: () => number;
  now?: () => number;
}

export interface TJobHandlers<T> {
  /** An answer that did not end the job (queue position, ETA …). */
  onProgress?: (answer: T) => void;
  onCompleted: (answer: T) => void;
  /** The job failed (its code), the server does not know it (404/403), or the schedule gave up (TIMEOUT). */
  onFailed: (code: string | null) => void;
}

/**
 * Follows one job at a time for any tool: polls on the tool's schedule, shows a pushed answer at
 * once where live events exist (the polling stays as the fallback: a proxy that buffers the
 * stream, a browser without EventSource), and ends on the first completed or failed answer. A
 * later follow(), stop() or unmount cancels the current job; answers of a cancelled one are dropped.
 */
export function useJobPoll<T>(options: TJobPollOptions<T>) {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const runRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const abortRef = useRef<AbortController | undefined>(undefined);
  const eventsRef = useRef<EventSource | undefined>(undefined);

  const stop = useCallback(() => {
    runRef.current += 1;
    clearTimeout(timerRef.current);
    abortRef.current?.abort();
    eventsRef.current?.close();
    eventsRef.current = undefined;
  }, []);

  useEffect(() => stop, [stop]);

  const follow = useCallback(
    (jobId: string, handlers: TJobHandlers<T>) => {
      stop();
      const run = runRef.current;
      const {
        schedule,
        fetchStatus,
        read,
        openEvents,
        random = Math.random,
        now = Date.now,
      } = optionsRef.current;
      const startedAt = now();
      let attempt = 0;
      const isCurrent = () => run === runRef.current;

      const end = (outcome: () => void) => {
        stop();
        outcome();
      };

      /** One answer, from a poll or a pushed event: the job ends or the schedule goes on. */
      const apply = (answer: T): "ended" | "running" => {
        const reading = read(answer);
        if (reading.kind === "completed") end(() => handlers.onCompleted(answer));
        else if (reading.kind === "failed") end(() => handlers.onFailed(reading.code));
        else {
          handlers.onProgress?.(answer);
          return "running";
        }
        return "ended";
      };

      const next = () => {
        const delay = nextPollDelay(schedule, attempt, now() - startedAt, random);
        if (delay === null) {
          end(() => handlers.onFailed(POLL_TIMEOUT_CODE));
          return;
        }
        attempt += 1;
        timerRef.current = setTimeout(() => void poll(), delay);
      };

      const poll = async () => {
        if (!isCurrent()) return;
        const controller = new AbortController();
        abortRef.current = controller;
        let answer: T;
        try {
          answer = await fetchStatus(jobId, controller.signal);
        } catch (error) {
          if (!isCurrent()) return;
          // A job the server does not know will never finish; anything else may be a blip.
          if (isApiError(error) && (error.status === 404 || error.status === 403)) {
            end(() => handlers.onFailed(error.code));
          } else next();
          return;
        }
        if (!isCurrent()) return;
        if (apply(answer) === "running") next();
      };

      const events = openEvents?.(jobId) ?? null;
      if (events) {
        eventsRef.current = events;
        events.addEventListener("status", (event) => {
          if (!isCurrent()) return;
          try {
            apply(JSON.parse((event as MessageEvent<string>).data) as T);
          } catch {
            // A malformed event: the next poll answers instead.
          }
        });
        // The server ends the stream with the job; do not let the browser reconnect to it.
        events.addEventListener("error", () => events.close());
      }

      next();
    },
    [stop],
  );

  return { follow, stop };
}
