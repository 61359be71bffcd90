/**
 * What both ComfyUI runners share (issue 25): job-scoped input names, ComfyUI's validation answer
 * and execution errors mapped to ComfyError codes, the output image check, and the progress
 * tracker that turns ComfyUI's per-node messages into one monotonic fraction.
 */
import { detectImageType } from "../../lib/image-type.ts";
import {
  ComfyError,
  type ComfyRunner,
  type TComfyInputImage,
  type TComfyProgress,
  type TComfyWorkflow,
} from "./comfy-runner.ts";

/**
 * Records an accepted job's id; when that fails (the database is down) nobody could ever resume
 * or cancel the remote job, so it is cancelled before the failure goes on.
 */
export async function recordOrCancel(
  runner: ComfyRunner,
  id: string,
  record: (id: string) => Promise<void>,
): Promise<void> {
  try {
    await record(id);
  } catch (error) {
    await runner.cancel(id).catch(() => {});
    throw error;
  }
}

/** The loader inputs that name a model file: a `value_not_in_list` on one means "not installed". */
export const MODEL_INPUTS = new Set([
  "ckpt_name",
  "lora_name",
  "unet_name",
  "model_name",
  "vae_name",
  "clip_name",
  "clip_name1",
  "clip_name2",
  "clip_name3",
  "control_net_name",
  "style_model_name",
  "gligen_name",
  "ipadapter_file",
  "upscale_model",
  "instantid_file",
]);

const IMAGE_LOADERS = new Set(["LoadImage", "LoadImageMask", "LoadImageOutput"]);

/**
 * Keeps every uploaded name inside the job (`<jobId>_…`): ComfyUI's input folder is shared by
 * every job on the server and an upload overwrites by name (CONTRACTS §7.4). A name the binder did
 * not prefix is prefixed here and the image loaders that name it are rewritten to match.
 */
export function scopeInputs(
  jobId: string,
  workflow: TComfyWorkflow,
  images: readonly TComfyInputImage[],
): { workflow: TComfyWorkflow; images: TComfyInputImage[] } {
  const safeJob = jobId.replace(/[^\w.-]/g, "_");
  const renamed = new Map<string, string>();
  const scoped = images.map((image) => {
    const base = image.name.replace(/[/\\]/g, "_");
    const name = base.startsWith(`${safeJob}_`) ? base : `${safeJob}_${base}`;
    if (name !== image.name) renamed.set(image.name, name);
    return { name, bytes: image.bytes };
  });
  if (renamed.size === 0) return { workflow, images: scoped };
  return { workflow: renameImageInputs(workflow, renamed), images: scoped };
}

/** The workflow with its image loaders' file names replaced (old name → new name). */
export function renameImageInputs(
  workflow: TComfyWorkflow,
  names: ReadonlyMap<string, string>,
): TComfyWorkflow {
  const copy: TComfyWorkflow = structuredClone(workflow);
  for (const node of Object.values(copy)) {
    if (!IMAGE_LOADERS.has(node.class_type)) continue;
    const image = node.inputs.image;
    if (typeof image === "string" && names.has(image)) node.inputs.image = names.get(image)!;
  }
  return copy;
}

interface TNodeErrorEntry {
  errors?: Array<{ type?: string; message?: string; details?: string; extra_info?: { input_name?: string } }>;
  class_type?: string;
}

/** ComfyUI's 400 answer to POST /prompt as a ComfyError (CONTRACTS §6.2). */
export function validationError(body: unknown): ComfyError {
  const answer = (body ?? {}) as {
    error?: { type?: string; message?: string; details?: string } | string;
    node_errors?: Record<string, TNodeErrorEntry>;
  };
  const nodeErrors = answer.node_errors ?? {};
  const missing: string[] = [];
  const lines: string[] = [];
  for (const [nodeId, entry] of Object.entries(nodeErrors)) {
    for (const error of entry.errors ?? []) {
      const input = error.extra_info?.input_name ?? /^(\w+)[:,]/.exec(error.details ?? "")?.[1] ?? "";
      lines.push(
        `node ${nodeId} (${entry.class_type ?? "?"}): ${error.message ?? error.type}: ${error.details ?? ""}`,
      );
      if (error.type === "value_not_in_list" && MODEL_INPUTS.has(input)) {
        const file = /'([^']*)' not in/.exec(error.details ?? "")?.[1] ?? "?";
        missing.push(`${file} (${input} of node ${nodeId}, ${entry.class_type ?? "?"})`);
      }
    }
  }
  const top = typeof answer.error === "string" ? { message: answer.error } : (answer.error ?? {});
  if (missing.length > 0)
    return new ComfyError(
      "COMFYUI_MODEL_MISSING",
      `ComfyUI does not have the model file${missing.length > 1 ? "s" : ""} ${missing.join(", ")} installed`,
      nodeErrors,
    );
  const summary = lines.length
    ? lines.join("; ")
    : `${top.message ?? "invalid prompt"} ${top.details ?? ""}`.trim();
  return new ComfyError(
    "COMFYUI_VALIDATION_FAILED",
    `ComfyUI refused the workflow (${(top as { type?: string }).type ?? "invalid_prompt"}): ${summary.slice(0, 1000)}`,
    { error: answer.error, node_errors: nodeErrors },
  );
}

const OOM = /out of memory|OutOfMemory|\bOOM\b|CUDA error: out of memory/i;

/** An `execution_error` message's data as a ComfyError (OOM told apart, CONTRACTS §6.6). */
export function executionError(data: Record<string, unknown>): ComfyError {
  const message = String(data.exception_message ?? "");
  const type = String(data.exception_type ?? "");
  const where = `${String(data.node_type ?? "?")} (node ${String(data.node_id ?? "?")})`;
  if (OOM.test(message) || OOM.test(type))
    return new ComfyError("COMFYUI_OUT_OF_MEMORY", `the GPU ran out of memory in ${where}`, data);
  return new ComfyError(
    "COMFYUI_EXECUTION_FAILED",
    `${where} raised ${type || "an error"}: ${message.split("\n")[0]?.slice(0, 500) ?? ""}`,
    data,
  );
}

/** A result image's bytes: JPEG or PNG, at most maxBytes. */
export function checkOutputImage(bytes: Buffer, maxBytes: number, filename: string): Buffer {
  if (bytes.length > maxBytes)
    throw new ComfyError(
      "COMFYUI_EXECUTION_FAILED",
      `output ${filename} is ${bytes.length} bytes, over the ${maxBytes}-byte limit`,
    );
  const type = detectImageType(bytes)?.mime;
  if (type !== "image/jpeg" && type !== "image/png")
    throw new ComfyError("COMFYUI_EXECUTION_FAILED", `output ${filename} is not a JPEG or PNG image`);
  return bytes;
}

/** Reads a response body, refusing to hold more than maxBytes of it. */
export async function readCapped(response: Response, maxBytes: number, label: string): Promise<Buffer> {
  const declared = Number(response.headers.get("content-length") ?? 0);
  const tooLarge = (size: number) =>
    new ComfyError(
      "COMFYUI_EXECUTION_FAILED",
      `output ${label} is ${size} bytes, over the ${maxBytes}-byte limit`,
    );
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge(declared);
  }
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(size);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** The nodes ComfyUI will run: ancestors of the output nodes (every node if none is known). */
function nodesToRun(workflow: TComfyWorkflow): Set<string> {
  const outputs = Object.entries(workflow)
    .filter(([, node]) => /^(SaveImage|PreviewImage)/.test(node.class_type))
    .map(([id]) => id);
  if (outputs.length === 0) return new Set(Object.keys(workflow));
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || !workflow[id]) return;
    seen.add(id);
    for (const value of Object.values(workflow[id].inputs))
      if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string") visit(value[0]);
  };
  for (const id of outputs) visit(id);
  return seen;
}

export interface ProgressTracker {
  queued(position: number): void;
  cached(nodes: readonly string[]): void;
  executing(node: string): void;
  progress(node: string, value: number, max: number): void;
  executed(node: string): void;
  finished(): void;
}

/**
 * One fraction over the whole workflow: each finished (or cached) node counts 1, the running
 * node its `progress value/max`; reported only when it grows, so the bar never goes back.
 */
export function createProgressTracker(
  workflow: TComfyWorkflow,
  onProgress: ((progress: TComfyProgress) => void) | undefined,
): ProgressTracker {
  const nodes = nodesToRun(workflow);
  const total = Math.max(1, nodes.size);
  const done = new Set<string>();
  let current: string | null = null;
  let currentFraction = 0;
  let reported = -1;
  let lastPosition: number | null = null;
  const emit = (node?: string) => {
    const fraction = Math.min(1, (done.size + (current && !done.has(current) ? currentFraction : 0)) / total);
    if (fraction <= reported) return;
    reported = fraction;
    onProgress?.({ queuePosition: 0, fraction, ...(node ? { node } : {}) });
  };
  const finish = (node: string) => {
    if (nodes.has(node)) done.add(node);
  };
  return {
    queued(position) {
      if (position === lastPosition) return;
      lastPosition = position;
      if (position > 0 || reported < 0) onProgress?.({ queuePosition: position });
    },
    cached(list) {
      for (const node of list) finish(node);
      emit();
    },
    executing(node) {
      if (current && current !== node) finish(current);
      current = node;
      currentFraction = 0;
      lastPosition = 0;
      emit(node);
    },
    progress(node, value, max) {
      if (node && node !== current) this.executing(node);
      currentFraction = max > 0 ? Math.min(1, value / max) : 0;
      emit(node || undefined);
    },
    executed(node) {
      finish(node);
      emit(node);
    },
    finished() {
      for (const node of nodes) done.add(node);
      emit();
    },
  };
}
