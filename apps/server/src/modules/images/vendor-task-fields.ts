/**
 * The one mapper from a history row to the spec's vendor-named fields (spec 02 §3 History image
 * item: runpod_job_id, kling_task_id, seedream_task_id). The row keeps one provider task id; its
 * source says which field the page reads. While a job runs, the field holds our job id: it is what
 * the page resumes polling GET /api/image/status/{id} (or /api/seedream/status/{id}) with.
 */
import { TOOLS } from "@gyeol/shared/tools";
import type { ImageRow } from "../../db/schema.ts";

/** Generation's rows, and the original product's `consistency` rows, read kling_task_id. */
const KLING_SOURCES = new Set<string>([TOOLS.generation.historySource, "consistency"]);
const SEEDREAM_SOURCES = new Set<string>([TOOLS.imageEdit.historySource]);

export interface TVendorTaskFields {
  runpod_job_id: string | null;
  kling_task_id: string | null;
  seedream_task_id: string | null;
}

export function vendorTaskFields(
  row: Pick<ImageRow, "source" | "status" | "job_id" | "provider_task_id">,
): TVendorTaskFields {
  const id = row.provider_task_id ?? (row.status === "processing" ? row.job_id : null);
  const isKling = KLING_SOURCES.has(row.source);
  const isSeedream = SEEDREAM_SOURCES.has(row.source);
  return {
    runpod_job_id: isKling || isSeedream ? null : id,
    kling_task_id: isKling ? id : null,
    seedream_task_id: isSeedream ? id : null,
  };
}
