/**
 * A steerable ComfyUI runner for the platform tests of the ComfyUI tools (issue 25): it keeps the
 * port's promises the tools depend on — a prompt id once accepted, resume by that id without a
 * second submission, progress on the way, cancel by id — and answers real images from the bound
 * workflow: as many as its batch asks (RepeatLatentBatch amount, the latent's batch_size), at the
 * size its "gyeol:size" or "gyeol:latent" node names, else the first upload's. Steered like the
 * vendor fakes: `ok`, `fail` (a ComfyError of `failCode`) or `hang` (waits until steered again).
 */
import sharp from "sharp";
import {
  ComfyError,
  type ComfyRunner,
  type TComfyErrorCode,
  type TComfyOutputImage,
  type TComfyRunRequest,
  type TComfyWorkflow,
} from "../../src/drivers/comfyui/comfy-runner.ts";

export interface ComfyRunnerDouble extends ComfyRunner {
  outcome: "ok" | "fail" | "hang";
  failCode: TComfyErrorCode;
  /** Prompts submitted (a resumed one is not counted again). */
  submissions: number;
  /** Every request, in order (resumed ones too). */
  requests: TComfyRunRequest[];
  cancelled: string[];
  /** What the next runs report while they wait (default: running, a tenth done). */
  progress: { queuePosition?: number; fraction?: number };
}

const titled = (workflow: TComfyWorkflow, title: string) =>
  Object.entries(workflow).find(([, node]) => node._meta?.title === title);

async function outputsOf(request: TComfyRunRequest): Promise<TComfyOutputImage[]> {
  const { workflow } = request;
  const output = titled(workflow, "gyeol:output")?.[0] ?? "save";
  const batch = Number(
    titled(workflow, "gyeol:batch")?.[1].inputs.amount ??
      titled(workflow, "gyeol:latent")?.[1].inputs.batch_size ??
      1,
  );
  const sized = titled(workflow, "gyeol:size")?.[1] ?? titled(workflow, "gyeol:latent")?.[1];
  let width = Number(sized?.inputs.width ?? 0);
  let height = Number(sized?.inputs.height ?? 0);
  if (!width || !height) {
    const first = request.images[0] ? await sharp(request.images[0].bytes).metadata() : null;
    width = first?.width ?? 64;
    height = first?.height ?? 64;
  }
  return Promise.all(
    Array.from({ length: batch }, async (_, i) => ({
      nodeId: output,
      filename: `gyeol_${i + 1}.png`,
      bytes: await sharp({
        create: { width, height, channels: 3, background: { r: 40 + 40 * i, g: 160, b: 90 } },
      })
        .png()
        .toBuffer(),
    })),
  );
}

export function createComfyRunnerDouble(provider: ComfyRunner["provider"] = "comfyui"): ComfyRunnerDouble {
  const known = new Set<string>();
  const double: ComfyRunnerDouble = {
    provider,
    outcome: "ok",
    failCode: "COMFYUI_EXECUTION_FAILED",
    submissions: 0,
    requests: [],
    cancelled: [],
    progress: { queuePosition: 0, fraction: 0.1 },
    async run(request) {
      double.requests.push(request);
      let id = request.providerJobId;
      if (!id || !known.has(id)) {
        double.submissions += 1;
        id = `prompt-${double.submissions}`;
        known.add(id);
        await request.onProviderJobId(id);
      }
      request.onProgress?.(double.progress);
      while (double.outcome === "hang") {
        if (double.cancelled.includes(id)) throw new ComfyError("COMFYUI_EXECUTION_FAILED", "interrupted");
        request.signal.throwIfAborted();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      request.signal.throwIfAborted();
      if (double.outcome === "fail")
        throw new ComfyError(double.failCode, `the double failed with ${double.failCode}`);
      request.onProgress?.({ queuePosition: 0, fraction: 1 });
      return outputsOf(request);
    },
    async cancel(id) {
      double.cancelled.push(id);
    },
  };
  return double;
}
