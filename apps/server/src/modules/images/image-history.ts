/**
 * The history list (spec 02 §3, §7; issue 26, split from images.service.ts): GET
 * /api/image/history/{userId} and the tools' own history lists read their pages here.
 */
import { historyPage, type THistoryQuery, type THistoryResponse } from "@gyeol/shared/contracts/images";
import { TOOLS } from "@gyeol/shared/tools";
import { z } from "zod";
import type { ImageRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImageFiles } from "./image-files.ts";
import { retouchSettingsOf } from "./retouch-settings.ts";
import { runInputsOf } from "./run-inputs.ts";
import { vendorTaskFields } from "./vendor-task-fields.ts";

/**
 * How long a history page's answer is handed out again while its rows are unchanged: well within
 * the signed URLs' reuse time, so its signed URLs are the ones a fresh answer would carry.
 */
const HISTORY_PAGE_MS = 60_000;
/** History pages kept at most (a page is ~20 KB of strings shared with the signed-URL cache). */
const HISTORY_PAGES_KEPT = 2000;

const ZKeyList = z.array(z.string());

export interface ImageHistoryDeps {
  store: Store;
  clock: Clock;
  files: Pick<ImageFiles, "urlOf">;
}

/** The history sources whose items carry their run's inputs ("run again", issue 26). */
const WITH_RUN_INPUTS: ReadonlySet<string> = new Set([
  TOOLS.imageEdit.historySource,
  TOOLS.generation.historySource,
]);

export type ImageHistory = ReturnType<typeof createImageHistory>;

export function createImageHistory({ store, clock, files }: ImageHistoryDeps) {
  const { urlOf } = files;
  /** History pages' answers by user and query (insertion order is age order; see history()). */
  const historyPages = new Map<string, { revision: number; answer: THistoryResponse; until: number }>();

  /** The signed URL of a tool upload that is still kept, or null once it was purged. */
  async function storedUrlOf(key: string | null): Promise<string | null> {
    if (!key || !(await store.images.findUpload(key))) return null;
    return urlOf(key);
  }

  async function toHistoryItem(row: ImageRow) {
    // The job row tells why a failed item failed and what a retouch, image-edit or generation
    // item ran with.
    const hasInputs = WITH_RUN_INPUTS.has(row.source);
    const job =
      row.job_id && (row.status === "failed" || row.source === TOOLS.retouch.historySource || hasInputs)
        ? await store.jobs.findById(row.job_id)
        : undefined;
    const all = row.all_image_urls ? ZKeyList.safeParse(JSON.parse(row.all_image_urls)) : null;
    return {
      id: row.id,
      image_url: await urlOf(row.image_url),
      original_image_url: await urlOf(row.original_image_url),
      thumbnail_url: await urlOf(row.thumbnail_url),
      prompt: row.prompt,
      seed: row.seed,
      source: row.source as THistoryResponse["images"][number]["source"],
      status: row.status,
      created_at: row.created_at,
      updated_at: row.updated_at,
      all_image_urls: all?.success ? ((await Promise.all(all.data.map(urlOf))) as string[]) : null,
      // spec 02 §4.1: runpod_job_id, kling_task_id and seedream_task_id from one mapper.
      ...vendorTaskFields(row),
      // Why a failed item failed: JOB_CANCELLED reads as "cancelled", not "failed", on the page.
      code: row.status === "failed" ? (job?.error_code ?? null) : null,
      // A retouch item's settings, so "run again" on the page reproduces it (issue 24).
      ...(row.source === TOOLS.retouch.historySource
        ? { retouch_settings: job ? retouchSettingsOf(job.input) : null }
        : {}),
      // An image-edit or generation run's inputs, so "run again" refills its form (issue 26); an
      // input purged since (30 days) reads as null rather than as an address that answers 404.
      ...(hasInputs
        ? { run_inputs: job ? await runInputsOf(row.source, job.input, storedUrlOf) : null }
        : {}),
    };
  }

  return {
    /**
     * GET /api/image/history/{userId}: own history only, newest first (spec 02 §3). The page
     * re-reads it while it polls a job (spec 02 §4.1), and it rarely changed in between: a page's
     * answer is kept for HISTORY_PAGE_MS and handed out again (the same frozen object, so the
     * route's JSON memo stringifies it once) while the user's history revision (a number the
     * database moves with every write to the user's rows, images.repository.ts historyRevision)
     * is unchanged. The revision is read on every request, so a change made by any process shows
     * at once.
     */
    async history(
      user: Pick<UserRow, "id">,
      userId: number,
      query: THistoryQuery,
    ): Promise<THistoryResponse> {
      if (userId !== user.id) throw new AppError(403, "FORBIDDEN", "You can only see your own images.");
      // A history row is one job with all its images, so a grouped page is a page of rows.
      const { grouped, limit, offset } = historyPage(query);
      const filter = { ...query, limit, offset };
      const key = JSON.stringify([user.id, query.source, query.status, query.q, grouped, limit, offset]);
      // Read before the rows: a write in between leaves a revision older than the answer, which
      // only costs the next request a rebuild.
      const revision = await store.images.historyRevision(user.id);
      const nowMs = clock.now().getTime();
      const kept = historyPages.get(key);
      if (kept && kept.revision === revision && kept.until > nowMs) return kept.answer;
      const rows = await store.images.listHistory(user.id, filter);
      const hasMore = rows.length > limit;
      const page = rows.slice(0, limit);
      const nextOffset = hasMore ? offset + page.length : null;
      const answer: THistoryResponse = Object.freeze({
        success: true,
        images: await Promise.all(page.map(toHistoryItem)),
        pagination: {
          hasMore,
          nextOffset,
          ...(grouped ? { groupHasMore: hasMore, nextGroupOffset: nextOffset } : {}),
        },
        ...(grouped ? { grouped: true } : {}),
      } as const);
      historyPages.delete(key);
      if (historyPages.size >= HISTORY_PAGES_KEPT) historyPages.delete(historyPages.keys().next().value!);
      historyPages.set(key, { revision, answer, until: nowMs + HISTORY_PAGE_MS });
      return answer;
    },
  };
}
