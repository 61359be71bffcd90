import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import { RETOUCH_POLL_CAP_MS, RETOUCH_SUCCESS_TOAST_MS, retouchPollDelay } from "@gyeol/shared/retouch";
import { useCallback, useEffect, useRef, useState } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import { isApiError } from "../../../lib/api-client.ts";
import { fetchImageStatus } from "../api/image-status.ts";
import { POLL_TIMEOUT_CODE } from "../lib/retouch-errors.ts";

/** spec 02 §4.1: idle, processing, completed, failed (the loading flag lives with the page). */
export type TJobPhase = "idle" | "processing" | "completed" | "failed";

export interface TRetouchJobState {
  phase: TJobPhase;
  jobId: string | null;
  originalUrl: string | null;
  resultUrl: string | null;
  queuePosition: number | null;
  etaSeconds: number | null;
  facesFound: number | null;
  identityScore: number | null;
  engine: string | null;
  /** Why the job failed: a server, job or client code, translated where it is shown. */
  errorCode: string | null;
  isResumed: boolean;
}

export const IDLE_JOB: TRetouchJobState = {
  phase: "idle",
  jobId: null,
  originalUrl: null,
  resultUrl: null,
  queuePosition: null,
  etaSeconds: null,
  facesFound: null,
  identityScore: null,
  engine: null,
  errorCode: null,
  isResumed: false,
};

export interface TRetouchJobOptions {
  fetchStatus?: (jobId: string, signal?: AbortSignal) => Promise<TImageStatusResponse>;
  /** Opens the job's live event stream; null where the browser has none (the polling still runs). */
  openEvents?: (jobId: string) => EventSource | null;
  random?: () => number;
  /** After the job ends either way: refresh the header credits and the history. */
  onSettled?: (phase: "completed" | "failed") => void;
}

export interface TTrackOptions {
  originalUrl: string | null;
  isResumed?: boolean;
}

export interface TCompletedResult {
  resultUrl: string;
  originalUrl: string | null;
  identityScore?: number | null;
  engine?: string | null;
}

const CANCELLED_CODE = "JOB_CANCELLED";
const CANCELLED_TOAST_ID = "retouch-cancelled";

/** GET /api/image/status/{jobId}/events, where the browser has EventSource. */
function openJobEvents(jobId: string): EventSource | null {
  if (typeof EventSource === "undefined") return null;
  return new EventSource(`/api/image/status/${encodeURIComponent(jobId)}/events`);
}

/**
 * Follows one retouch job: polls after 2 s, 4 s, 8 s, then every 10–15 s at random, and gives up
 * after 10 minutes (spec 02 §4.1, §9, from shared retouchPollDelay). A later track(), reset() or
 * unmount cancels the current one; answers of a cancelled run are dropped.
 */
export function useRetouchJob(options: TRetouchJobOptions = {}) {
  const { t } = useTranslation();
  const [state, setState] = useState<TRetouchJobState>(IDLE_JOB);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const runRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const abortRef = useRef<AbortController | undefined>(undefined);
  const eventsRef = useRef<EventSource | undefined>(undefined);

  const cancel = useCallback(() => {
    runRef.current += 1;
    clearTimeout(timerRef.current);
    abortRef.current?.abort();
    eventsRef.current?.close();
    eventsRef.current = undefined;
  }, []);

  useEffect(() => cancel, [cancel]);

  const track = useCallback(
    (jobId: string, { originalUrl, isResumed = false }: TTrackOptions) => {
      cancel();
      const run = runRef.current;
      const startedAt = Date.now();
      let attempt = 0;
      const { fetchStatus = fetchImageStatus, random = Math.random } = optionsRef.current;
      const isCurrent = () => run === runRef.current;
      setState({ ...IDLE_JOB, phase: "processing", jobId, originalUrl, isResumed });

      const fail = (errorCode: string | null) => {
        eventsRef.current?.close();
        setState((current) => ({ ...current, phase: "failed", errorCode }));
        // A cancel's pushed event can arrive before the cancel's own answer: one toast, the
        // cancel's, either way (markCancelled uses the same toast id).
        if (errorCode === CANCELLED_CODE)
          toast.success(t("errors.codes.JOB_CANCELLED"), { id: CANCELLED_TOAST_ID });
        else
          toast.error(
            errorCode === POLL_TIMEOUT_CODE ? t("retouch.toast.timeout") : t("retouch.toast.failed"),
            {
              id: `retouch-${jobId}`,
            },
          );
        optionsRef.current.onSettled?.("failed");
      };

      const finish = (status: TImageStatusResponse) => {
        setState((current) => ({
          ...current,
          phase: "completed",
          resultUrl: status.imageUrl,
          originalUrl: status.originalImageUrl ?? current.originalUrl,
          queuePosition: null,
          etaSeconds: null,
          facesFound: status.facesFound ?? null,
          identityScore: status.identityScore ?? null,
          engine: status.engine ?? null,
        }));
        toast.success(t("retouch.toast.completed"), {
          id: `retouch-${jobId}`,
          duration: RETOUCH_SUCCESS_TOAST_MS,
        });
        optionsRef.current.onSettled?.("completed");
      };

      const schedule = () => {
        const remaining = RETOUCH_POLL_CAP_MS - (Date.now() - startedAt);
        if (remaining <= 0) {
          fail(POLL_TIMEOUT_CODE);
          return;
        }
        const delay = Math.min(retouchPollDelay(attempt, random), remaining);
        attempt += 1;
        timerRef.current = setTimeout(() => void poll(), delay);
      };

      /** One status answer, from a poll or a pushed event: the job ends or the schedule goes on. */
      const apply = (status: TImageStatusResponse): "ended" | "running" => {
        if (status.status === "completed" && status.imageUrl) finish(status);
        // The status answer's `error` is the server's English; the page translates `code`.
        else if (status.status === "failed") fail(status.code ?? null);
        else {
          setState((current) => ({
            ...current,
            queuePosition: status.queuePosition,
            etaSeconds: status.etaSeconds,
            facesFound: status.facesFound ?? current.facesFound,
          }));
          return "running";
        }
        cancel();
        return "ended";
      };

      const poll = async () => {
        if (!isCurrent()) return;
        const controller = new AbortController();
        abortRef.current = controller;
        let status: TImageStatusResponse;
        try {
          status = await fetchStatus(jobId, controller.signal);
        } catch (error) {
          if (!isCurrent()) return;
          // A job the server does not know will never finish; anything else may be a blip.
          if (isApiError(error) && (error.status === 404 || error.status === 403)) {
            fail(error.code);
          } else schedule();
          return;
        }
        if (!isCurrent()) return;
        if (apply(status) === "running") schedule();
      };

      // Live events show the result the moment it is ready; the spec's polling stays as the
      // fallback (a proxy that buffers the stream, a browser without EventSource).
      const { openEvents = openJobEvents } = optionsRef.current;
      const events = openEvents(jobId);
      if (events) {
        eventsRef.current = events;
        events.addEventListener("status", (event) => {
          if (!isCurrent()) return;
          try {
            apply(JSON.parse((event as MessageEvent<string>).data) as TImageStatusResponse);
          } catch {
            // A malformed event: the next poll answers instead.
          }
        });
        // The server ends the stream with the job; do not let the browser reconnect to it.
        events.addEventListener("error", () => events.close());
      }

      schedule();
    },
    [cancel, t],
  );

  /** The server cancelled the job (and refunded it): stop polling and show it as cancelled. */
  const markCancelled = useCallback(() => {
    cancel();
    setState((current) => ({ ...current, phase: "failed", errorCode: CANCELLED_CODE }));
    toast.success(t("errors.codes.JOB_CANCELLED"), { id: CANCELLED_TOAST_ID });
    optionsRef.current.onSettled?.("failed");
  }, [cancel, t]);

  /** 'Try again' (spec 02 §4.1): back to idle, the message cleared. */
  const reset = useCallback(() => {
    cancel();
    setState(IDLE_JOB);
  }, [cancel]);

  /** A history item opened as the current result. */
  const show = useCallback(
    (result: TCompletedResult) => {
      cancel();
      setState({
        ...IDLE_JOB,
        phase: "completed",
        resultUrl: result.resultUrl,
        originalUrl: result.originalUrl,
        identityScore: result.identityScore ?? null,
        engine: result.engine ?? null,
      });
    },
    [cancel],
  );

  return { state, track, reset, show, markCancelled };
}

export type TRetouchJob = ReturnType<typeof useRetouchJob>;
