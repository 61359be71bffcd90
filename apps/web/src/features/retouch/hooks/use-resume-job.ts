import type { THistoryItem } from "@gyeol/shared/contracts/images";
import { useEffect, useRef } from "react";
import toast from "react-hot-toast";
import { useTranslation } from "react-i18next";
import type { TRetouchJob } from "./use-retouch-job.ts";

/** The newest history item still processing that carries a job id, if any. */
export function findResumableItem(items: readonly THistoryItem[]): THistoryItem | null {
  return items.find((item) => item.status === "processing" && Boolean(item.runpod_job_id)) ?? null;
}

/**
 * spec 02 §4.1: on load, a history item in processing with a job id resumes polling, with a toast.
 * Runs once, on the first history answer, and only when no job is already being followed.
 */
export function useResumeRetouchJob(items: readonly THistoryItem[] | undefined, job: TRetouchJob): void {
  const { t } = useTranslation();
  const hasCheckedRef = useRef(false);
  const { track } = job;
  const phase = job.state.phase;

  useEffect(() => {
    if (hasCheckedRef.current || !items) return;
    hasCheckedRef.current = true;
    const item = findResumableItem(items);
    if (!item?.runpod_job_id || phase !== "idle") return;
    track(item.runpod_job_id, { originalUrl: item.original_image_url, isResumed: true });
    toast(t("retouch.toast.resumed"), { id: "retouch-resume", icon: "⏳" });
  }, [items, phase, track, t]);
}
