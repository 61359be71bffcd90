/**
 * The RunPod ComfyUI runner against the worker-comfyui contract fake
 * (test/fakes/runpod-comfyui-worker.fake.ts): RunPod's /run, /status, /cancel with handler.py's
 * behaviour, validating and executing through the same core as the ComfyUI server fake.
 */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type RunpodComfyuiWorkerFake,
  startRunpodComfyuiWorkerFake,
} from "../../../test/fakes/runpod-comfyui-worker.fake.ts";
import { faceEditWorkflow, halfMaskPng, pixel, portraitPng } from "../../../test/helpers/comfy-workflows.ts";
import { ComfyError, type TComfyProgress, type TComfyRunRequest } from "./comfy-runner.ts";
import { createComfyRunpodRunner, workerError } from "./comfy-runpod-runner.ts";

let fake: RunpodComfyuiWorkerFake;
let src: Buffer;
let mask: Buffer;
let counter = 0;

beforeAll(async () => {
  fake = await startRunpodComfyuiWorkerFake();
  src = await portraitPng();
  mask = await halfMaskPng();
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.core, { stepDelayMs: 0, failWith: null, hang: false, paused: false });
  Object.assign(fake, {
    queuePolls: 1,
    outputMode: "base64",
    comfyReachable: true,
    dropOutput: false,
    timeOut: false,
  });
});

function runner(overrides: Partial<Parameters<typeof createComfyRunpodRunner>[0]> = {}) {
  return createComfyRunpodRunner({
    apiKey: fake.apiKey,
    endpointId: fake.endpointId,
    baseUrl: fake.baseUrl,
    pollIntervalMs: 20,
    timeoutMs: 20_000,
    ...overrides,
  });
}

function job(
  overrides: Partial<TComfyRunRequest> = {},
  workflowOverrides: Parameters<typeof faceEditWorkflow>[1] = {},
) {
  counter += 1;
  const jobId = `rpjob${counter}`;
  const progress: TComfyProgress[] = [];
  const providerIds: string[] = [];
  const request: TComfyRunRequest = {
    jobId,
    workflow: faceEditWorkflow({ src: `${jobId}_src.png`, mask: `${jobId}_mask.png` }, workflowOverrides),
    images: [
      { name: `${jobId}_src.png`, bytes: src },
      { name: `${jobId}_mask.png`, bytes: mask },
    ],
    providerJobId: null,
    onProviderJobId: async (id) => {
      providerIds.push(id);
    },
    onProgress: (p) => progress.push(p),
    signal: new AbortController().signal,
    ...overrides,
  };
  return { request, progress, providerIds, jobId };
}

async function rejection(promise: Promise<unknown>): Promise<ComfyError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ComfyError);
  return error as ComfyError;
}

const fractions = (progress: TComfyProgress[]) =>
  progress.map((p) => p.fraction).filter((f): f is number => f !== undefined);

describe("RunPod ComfyUI runner", () => {
  it("sends {workflow, images} in base64 with job-scoped names and answers the saved PNG", async () => {
    fake.queuePolls = 2;
    const { request, progress, providerIds, jobId } = job();
    const images = await runner().run(request);

    expect(images).toHaveLength(1);
    expect(images[0]!.nodeId).toBe("14");
    const meta = await sharp(images[0]!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 128, 96]);
    expect(await pixel(images[0]!.bytes, 100, 40)).toEqual([0xcc, 0x99, 0x66]);
    expect(await pixel(images[0]!.bytes, 10, 40)).not.toEqual([0xcc, 0x99, 0x66]);

    const run = fake.runs.at(-1)!;
    expect(providerIds).toEqual([run.id]);
    const input = run.input as {
      workflow: Record<string, unknown>;
      images: Array<{ name: string; image: string }>;
    };
    expect(input.workflow).toEqual(request.workflow);
    expect(input.images.map((i) => i.name)).toEqual([`${jobId}_src.png`, `${jobId}_mask.png`]);
    expect(Buffer.from(input.images[0]!.image, "base64").equals(src)).toBe(true);

    expect(progress[0]).toEqual({ queuePosition: 0 });
    const seen = fractions(progress);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
  });

  it("prefixes an input name that lacks the job id, in the images and the loaders alike", async () => {
    const { request, jobId } = job();
    request.workflow = faceEditWorkflow({ src: "src.png", mask: "mask.png" });
    request.images = [
      { name: "src.png", bytes: src },
      { name: "mask.png", bytes: mask },
    ];
    await runner().run(request);
    const input = fake.runs.at(-1)!.input as {
      workflow: Record<string, { inputs: Record<string, unknown> }>;
      images: Array<{ name: string }>;
    };
    expect(input.images.map((i) => i.name)).toEqual([`${jobId}_src.png`, `${jobId}_mask.png`]);
    expect(input.workflow["2"]!.inputs.image).toBe(`${jobId}_src.png`);
    expect(input.workflow["3"]!.inputs.image).toBe(`${jobId}_mask.png`);
  });

  it("downloads s3_url outputs from the operator's bucket", async () => {
    fake.outputMode = "s3";
    const { request, providerIds } = job();
    const images = await runner().run(request);
    expect(images).toHaveLength(1);
    expect(fake.bucket.has(`${providerIds[0]}/${images[0]!.filename}`)).toBe(true);
    expect((await sharp(images[0]!.bytes).metadata()).width).toBe(128);
  });

  it("refuses an input over RunPod's 10 MB /run limit without sending it", async () => {
    const runs = fake.runs.length;
    const big = Buffer.alloc(8_000_000, 1);
    const { request } = job();
    request.images = [{ name: `${request.jobId}_src.png`, bytes: big }];
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_INPUT_TOO_LARGE");
    expect(error.message).toMatch(/10\.7 MB \/run request, over RunPod's 10 MB limit/);
    expect(fake.runs.length).toBe(runs);
  });

  it("maps handler.py's validation error to COMFYUI_VALIDATION_FAILED", async () => {
    const { request } = job();
    request.workflow["9"]!.inputs.sampler_name = "euler_fancy";
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_VALIDATION_FAILED");
    expect(error.message).toMatch(/Workflow validation failed:\n• Node 9 \(errors\)/);
  });

  it("maps an unknown node type (a 400 without node_errors) to COMFYUI_VALIDATION_FAILED", async () => {
    const { request } = job();
    request.workflow["15"] = { class_type: "FaceDetailerPro", inputs: {} };
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_VALIDATION_FAILED");
    expect(error.message).toMatch(
      /Cannot execute because node FaceDetailerPro does not exist\.\. Raw response/,
    );
  });

  it("maps a loader's 'not in list' to COMFYUI_MODEL_MISSING naming the file", async () => {
    const { request } = job({}, { ckpt: "juggernautXL.safetensors" });
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_MODEL_MISSING");
    expect(error.message).toContain("juggernautXL.safetensors (ckpt_name)");
  });

  it("maps an out-of-memory execution error to COMFYUI_OUT_OF_MEMORY, others to COMFYUI_EXECUTION_FAILED", async () => {
    fake.core.failWith = "oom";
    expect((await rejection(runner().run(job().request))).code).toBe("COMFYUI_OUT_OF_MEMORY");
    fake.core.failWith = "error";
    const failed = await rejection(runner().run(job().request));
    expect(failed.code).toBe("COMFYUI_EXECUTION_FAILED");
    expect(failed.message).toMatch(
      /Job processing failed\nWorkflow execution error: Node Type: KSampler, Node ID: 9/,
    );
  });

  it("maps 'not reachable' to COMFYUI_UNAVAILABLE, and an unreachable RunPod too", async () => {
    fake.comfyReachable = false;
    expect((await rejection(runner().run(job().request))).code).toBe("COMFYUI_UNAVAILABLE");
    const error = await rejection(runner({ baseUrl: "http://127.0.0.1:9/v2" }).run(job().request));
    expect(error.code).toBe("COMFYUI_UNAVAILABLE");
    expect(error.message).toMatch(/RunPod could not be reached/);
  });

  it("answers COMFYUI_NO_OUTPUT for success_no_images and for COMPLETED without output", async () => {
    const preview = job();
    preview.request.workflow["14"] = { class_type: "PreviewImage", inputs: { images: ["13", 0] } };
    const none = await rejection(runner().run(preview.request));
    expect(none.code).toBe("COMFYUI_NO_OUTPUT");
    expect(none.message).toMatch(/without saving an image/);

    fake.dropOutput = true;
    const dropped = await rejection(runner().run(job().request));
    expect(dropped.code).toBe("COMFYUI_NO_OUTPUT");
    expect(dropped.message).toMatch(/BUCKET_ENDPOINT_URL/);
  });

  it("answers COMFYUI_TIMEOUT past timeoutMs and cancels the RunPod job; RunPod's TIMED_OUT too", async () => {
    fake.core.hang = true;
    const { request, providerIds } = job();
    const error = await rejection(runner({ timeoutMs: 400 }).run(request));
    expect(error.code).toBe("COMFYUI_TIMEOUT");
    expect(fake.cancels).toContain(providerIds[0]);
    fake.core.hang = false;

    fake.timeOut = true;
    expect((await rejection(runner().run(job().request))).code).toBe("COMFYUI_TIMEOUT");
  });

  it("cancels the RunPod job (and so its prompt) when the signal aborts mid-run", async () => {
    fake.core.stepDelayMs = 40;
    const controller = new AbortController();
    const { request, progress, providerIds } = job({ signal: controller.signal }, { steps: 50 });
    const running = runner().run(request);
    await expect.poll(() => progress.some((p) => p.fraction === 0)).toBe(true);
    await expect.poll(() => fake.core.runningId()).not.toBeNull();
    controller.abort(new Error("user cancelled"));
    await expect(running).rejects.toThrow("user cancelled");
    expect(fake.cancels).toEqual(expect.arrayContaining([providerIds[0]]));
    expect(fake.jobs.get(providerIds[0]!)!.state).toBe("CANCELLED");
    expect(fake.core.interrupts.at(-1)).toEqual({
      promptId: fake.jobs.get(providerIds[0]!)!.promptId,
      hit: true,
    });
    // cancel() again, and for a job RunPod does not know: both answer quietly.
    await runner().cancel(providerIds[0]!);
    await runner().cancel("no-such-job");
  });

  it("cancels the RunPod job when its id cannot be recorded", async () => {
    const { request } = job();
    let recorded = "";
    request.onProviderJobId = async (id) => {
      recorded = id;
      throw new Error("database is down");
    };
    await expect(runner().run(request)).rejects.toThrow("database is down");
    expect(fake.cancels).toContain(recorded);
    expect(fake.jobs.get(recorded)!.state).toBe("CANCELLED");
  });

  it("resumes a RunPod job by its providerJobId without submitting again", async () => {
    fake.core.stepDelayMs = 10;
    const first = job();
    // A worker that crashed after /run: the job exists on RunPod, nobody polls it.
    const submitted = await fetch(`${fake.baseUrl}/${fake.endpointId}/run`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.apiKey}` },
      body: JSON.stringify({
        input: {
          workflow: first.request.workflow,
          images: first.request.images.map((i) => ({ name: i.name, image: i.bytes.toString("base64") })),
        },
      }),
    }).then((r) => r.json() as Promise<{ id: string }>);
    const runs = fake.runs.length;
    const resumed = job({ providerJobId: submitted.id });
    const images = await runner().run(resumed.request);
    expect(images).toHaveLength(1);
    expect(fake.runs.length).toBe(runs);
    expect(resumed.providerIds).toEqual([]);
    expect(fractions(resumed.progress).at(-1)).toBe(1);

    const gone = await rejection(runner().run(job({ providerJobId: "expired-job" }).request));
    expect(gone.code).toBe("COMFYUI_EXECUTION_FAILED");
    expect(gone.message).toMatch(/no longer knows/);
  });

  it("reads the worker's error strings the way handler.py writes them", () => {
    const codeOf = (error: unknown, output?: unknown) =>
      workerError({ status: "FAILED", error, output }).code;
    expect(
      codeOf(
        "Workflow validation failed:\n• Node 1 (errors): [{'type': 'value_not_in_list', 'message': 'Value not in list', 'details': \"unet_name: 'qwen.safetensors' not in []\"}]",
      ),
    ).toBe("COMFYUI_MODEL_MISSING");
    expect(
      codeOf("Workflow validation failed:\n• Node 4 (errors): … sampler_name: 'x' not in ['euler']"),
    ).toBe("COMFYUI_VALIDATION_FAILED");
    expect(
      codeOf("Job processing failed", { details: ["Workflow execution error: … CUDA out of memory"] }),
    ).toBe("COMFYUI_OUT_OF_MEMORY");
    expect(codeOf("ComfyUI server (127.0.0.1:8188) not reachable after multiple retries.")).toBe(
      "COMFYUI_UNAVAILABLE",
    );
    expect(
      codeOf(
        JSON.stringify({ error_type: "<class 'KeyError'>", error_message: "'images'", error_traceback: "…" }),
      ),
    ).toBe("COMFYUI_EXECUTION_FAILED");
    expect(codeOf("Failed to upload one or more input images")).toBe("COMFYUI_EXECUTION_FAILED");
    expect(codeOf('Prompt has no outputs. Raw response: {"error": {"type": "prompt_no_outputs"}}')).toBe(
      "COMFYUI_VALIDATION_FAILED",
    );
    expect(codeOf("Job processing failed", { details: ["No outputs found in history for prompt 1."] })).toBe(
      "COMFYUI_NO_OUTPUT",
    );
  });
});
