/**
 * One bound workflow through the ComfyUI runner, as every ComfyUI tool driver runs it (issue 25):
 * the runner resumes a prompt an earlier run of the job submitted (providerJobId) instead of
 * sending it again, ComfyUI's queue place and progress go to the job as they come, and the whole
 * wait is bounded by COMFYUI_TIMEOUT_MS — past it the prompt is cancelled on ComfyUI/RunPod and
 * the job fails with COMFYUI_TIMEOUT (refunded by the platform like any failure). Only the images
 * of the node titled "gyeol:output" are the result (a workflow may save previews elsewhere).
 */

import type { TBoundWorkflow } from "./bind-workflow.ts";
import { ComfyError, type ComfyRunner, type TComfyOutputImage, type TComfyProgress } from "./comfy-runner.ts";
import type { TLoadedWorkflow } from "./workflow-file.ts";

/** What every ComfyUI tool driver is made with. */
export interface TComfyToolOptions {
  runner: ComfyRunner;
  workflow: TLoadedWorkflow;
  timeoutMs: number;
  log?: (level: "info" | "warn", message: string, details?: object) => void;
}

/** Queue place and progress as the job platform takes them (JobHandlerContext.reportProgress). */
export type TProgressSink = ((progress: TComfyProgress) => void) | undefined;

export interface TComfyRunContext {
  jobId: string;
  providerJobId: string | null;
  onProviderJobId(id: string): Promise<void>;
  onProgress?: TProgressSink;
  signal: AbortSignal;
}

/** Rejects with the signal's reason once it aborts (the run's promise is kept from an unhandled rejection). */
function abortOf(signal: AbortSignal, running: Promise<unknown>): Promise<never> {
  return new Promise<never>((_, reject) => {
    const stop = () => {
      running.catch(() => {});
      reject(signal.reason);
    };
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop, { once: true });
    running.then(
      () => signal.removeEventListener("abort", stop),
      () => signal.removeEventListener("abort", stop),
    );
  });
}

export async function runBound(
  options: TComfyToolOptions,
  bound: TBoundWorkflow,
  context: TComfyRunContext,
): Promise<TComfyOutputImage[]> {
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new ComfyError("COMFYUI_TIMEOUT", `no result within ${options.timeoutMs} ms`)),
    options.timeoutMs,
  );
  let providerJobId = context.providerJobId;
  if (bound.notes.length > 0)
    options.log?.("info", "comfyui workflow bound", { jobId: context.jobId, notes: bound.notes });
  try {
    // The runner is stopped by our deadline only. When the job's own signal aborts — a worker
    // shutting down hands the job back (it resumes this prompt), or its owner cancelled (the
    // platform then cancels the prompt through the engine's cancel) — the prompt must live on, and
    // a runner cancels the prompt on abort: so the job stops waiting here and the runner's call
    // is left to end with the prompt (completed, cancelled, or at its deadline), its answer unused.
    const running = options.runner.run({
      jobId: context.jobId,
      workflow: bound.workflow,
      images: bound.images,
      providerJobId: context.providerJobId,
      async onProviderJobId(id) {
        providerJobId = id;
        await context.onProviderJobId(id);
      },
      ...(context.onProgress ? { onProgress: context.onProgress } : {}),
      signal: timeout.signal,
    });
    const outputs = await Promise.race([running, abortOf(context.signal, running)]);
    const outputNode = options.workflow.nodes["gyeol:output"];
    const own = outputs.filter((image) => image.nodeId === outputNode);
    const images = own.length > 0 ? own : outputs;
    if (images.length === 0)
      throw new ComfyError("COMFYUI_NO_OUTPUT", "the workflow finished without a saved image");
    return images;
  } catch (error) {
    if (timeout.signal.aborted && !context.signal.aborted) {
      // Ours ran out, not the job's: stop the prompt there too, then say why.
      if (providerJobId)
        await options.runner.cancel(providerJobId).catch((cancelError) =>
          options.log?.("warn", "could not cancel a timed-out ComfyUI prompt", {
            jobId: context.jobId,
            error: String(cancelError),
          }),
        );
      throw timeout.signal.reason;
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
