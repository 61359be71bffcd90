/**
 * The wire shapes of a job's status (spec 02 §7), from one view (job-status.service.ts). A view
 * kept for a finished job is presented once: the same answer object goes to every poll, so the
 * route's JSON memo stringifies it once.
 */
import type { TImageStatusResponse } from "@gyeol/shared/contracts/images";
import type { TSeedreamStatusResponse } from "@gyeol/shared/contracts/jobs";
import type { TJobView } from "./job-status.service.ts";

function memoByView<T extends object>(present: (view: TJobView) => T): (view: TJobView) => T {
  const answers = new WeakMap<TJobView, T>();
  return (view) => {
    if (!Object.isFrozen(view)) return present(view);
    let answer = answers.get(view);
    if (!answer) {
      answer = Object.freeze(present(view));
      answers.set(view, answer);
    }
    return answer;
  };
}

/** GET /api/image/status/{jobId}: upscale, face edit and Kling (status, imageUrl, images, originalImageUrl). */
export const presentImageStatus = memoByView(
  (view): TImageStatusResponse => ({
    success: true,
    status: view.status,
    imageUrl: view.imageUrls[0] ?? null,
    originalImageUrl: view.originalImageUrl,
    ...(view.imageUrls.length > 0 ? { images: [...view.imageUrls] } : {}),
    queuePosition: view.queuePosition,
    etaSeconds: view.etaSeconds,
    error: view.error,
    code: view.code,
    facesFound: view.report.facesFound ?? null,
    identityScore: view.report.identityScore ?? null,
    ...(view.report.retouchShare != null ? { retouchShare: view.report.retouchShare } : {}),
    engine: view.report.engine ?? view.provider,
    ...(view.report.partial !== undefined ? { partial: view.report.partial } : {}),
  }),
);

/**
 * GET /api/seedream/status/{taskId}: status (processing, completed, failed), urls, partial,
 * error.code — the vendor's own code where it named one, as spec 02 §7–§8 read it, else ours —
 * and error.gyeolCode, always ours.
 */
export const presentSeedreamStatus = memoByView(
  (view): TSeedreamStatusResponse => ({
    success: true,
    status: view.status === "in-progress" ? "processing" : view.status,
    urls: [...view.imageUrls],
    partial: view.report.partial ?? false,
    queuePosition: view.queuePosition,
    etaSeconds: view.etaSeconds,
    error:
      view.status === "failed"
        ? {
            code: view.providerCode ?? view.code ?? "FAILED",
            message: view.error ?? "",
            gyeolCode: view.code ?? "FAILED",
          }
        : null,
  }),
);
