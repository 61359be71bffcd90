/**
 * A job's status, for every tool (spec 02 §7: GET /api/image/status/{jobId} for upscale, face edit
 * and Kling; GET /api/seedream/status/{taskId}). The service builds one view of the job; the
 * routes' presenters (job-presenters.ts) turn it into each wire shape. Only the owner gets an
 * answer: another user's job, or one of another tool than asked, is "not found".
 */
import type { TImageSource } from "@gyeol/shared/contracts/images";
import type { JobRow, UserRow } from "../../db/schema.ts";
import type { Store } from "../../db/store.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../lib/clock.ts";
import type { ImagesService } from "../images/images.service.ts";
import type { AnyJobDefinition, JobDefinition, TJobReport } from "./job-definition.ts";
import type { JobsService } from "./jobs.service.ts";

/** One job as every status answer sees it. */
export interface TJobView {
  status: "in-progress" | "completed" | "failed";
  source: TImageSource | null;
  /** Signed URLs of the result images (1–4), once completed. */
  imageUrls: readonly string[];
  originalImageUrl: string | null;
  queuePosition: number | null;
  etaSeconds: number | null;
  error: string | null;
  code: string | null;
  /** A failed job's provider code beside `code` (the vendor's own, e.g. Seedream's), or null. */
  providerCode: string | null;
  report: TJobReport;
  /** jobs.provider: who ran it (the report's engine when the output does not say). */
  provider: string;
}

export interface JobStatusDeps {
  store: Store;
  images: Pick<ImagesService, "urlOf">;
  jobs: Pick<JobsService, "progressOf">;
  clock: Clock;
  definitions: readonly AnyJobDefinition[];
}

export type JobStatusService = ReturnType<typeof createJobStatusService>;

/**
 * Finished jobs never change, so their views are kept in memory for the status polls (bounded).
 * A view is reused for FINISHED_VIEW_MS; its signed URLs come from the images service's URL
 * cache, so they still have nearly an hour to live (images.service.ts SIGNED_URL_TTL_SECONDS).
 */
const FINISHED_CACHE_SIZE = 5000;
const FINISHED_VIEW_MS = 60_000;

const notFound = () => new AppError(404, "NOT_FOUND", "Job not found.");

/** A stored JSON text, or null when it is missing or not JSON. */
function parsed(text: string | null): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function createJobStatusService({ store, images, jobs, clock, definitions }: JobStatusDeps) {
  const byTool = new Map(definitions.map((d) => [d.tool, d as unknown as JobDefinition<unknown, object>]));
  const finished = new Map<
    string,
    { userId: number; source: TImageSource | null; view: Promise<TJobView>; until: number }
  >();

  async function viewOf(job: JobRow): Promise<TJobView> {
    const definition = byTool.get(job.tool);
    const payload = definition?.schema.safeParse(parsed(job.input));
    const output = job.status === "completed" ? (parsed(job.output) as object | null) : null;
    const failure =
      job.status === "failed" ? (parsed(job.output) as { providerCode?: unknown } | null) : null;
    const result = output && definition ? definition.resultOf(output) : null;
    const { queuePosition, etaSeconds } = await jobs.progressOf(job);
    const imageUrls = result
      ? (await Promise.all(result.imageKeys.map((key) => images.urlOf(key)))).filter(
          (url): url is string => url !== null,
        )
      : [];
    const inputKey = payload?.success ? definition!.inputKeyOf(payload.data) : null;
    return {
      status: job.status === "completed" ? "completed" : job.status === "failed" ? "failed" : "in-progress",
      source: definition?.source ?? null,
      imageUrls,
      originalImageUrl: await images.urlOf(inputKey),
      queuePosition,
      etaSeconds,
      error: job.error_message,
      code: job.error_code,
      providerCode: typeof failure?.providerCode === "string" ? failure.providerCode : null,
      report: output && definition?.reportOf ? definition.reportOf(output) : {},
      provider: job.provider,
    };
  }

  async function freshView(userId: number, jobId: string, source: TImageSource | undefined) {
    const job = await store.jobs.findById(jobId);
    if (!job || job.user_id !== userId) throw notFound();
    const jobSource = byTool.get(job.tool)?.source ?? null;
    if (source && jobSource !== source) throw notFound();
    const isFinished = job.status === "completed" || job.status === "failed";
    // A kept view is handed to every poll (and its JSON made once, http/json-memo.ts): frozen.
    const view = isFinished ? viewOf(job).then((built) => Object.freeze(built)) : viewOf(job);
    if (isFinished) {
      if (finished.size >= FINISHED_CACHE_SIZE) finished.delete(finished.keys().next().value!);
      const until = clock.now().getTime() + FINISHED_VIEW_MS;
      finished.set(jobId, { userId: job.user_id, source: jobSource, view, until });
      view.catch(() => finished.delete(jobId));
    }
    return view;
  }

  return {
    /** The owner's job (`source`: only a job of that tool's history source). */
    status(user: Pick<UserRow, "id">, jobId: string, source?: TImageSource): Promise<TJobView> {
      const hit = finished.get(jobId);
      if (!hit || hit.until <= clock.now().getTime()) return freshView(user.id, jobId, source);
      if (hit.userId !== user.id || (source && hit.source !== source)) return Promise.reject(notFound());
      return hit.view;
    },
  };
}
