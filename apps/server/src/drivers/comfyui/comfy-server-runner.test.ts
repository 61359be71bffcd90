/**
 * The ComfyUI server runner against the ComfyUI contract fake (test/fakes/comfyui-server.fake.ts):
 * real HTTP + WebSocket, workflows validated like execution.py and executed into real PNGs.
 */
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ComfyuiServerFake, startComfyuiServerFake } from "../../../test/fakes/comfyui-server.fake.ts";
import { faceEditWorkflow, halfMaskPng, pixel, portraitPng } from "../../../test/helpers/comfy-workflows.ts";
import { ComfyError, type TComfyProgress, type TComfyRunRequest } from "./comfy-runner.ts";
import { createComfyServerRunner } from "./comfy-server-runner.ts";

let fake: ComfyuiServerFake;
let src: Buffer;
let mask: Buffer;
let counter = 0;

beforeAll(async () => {
  fake = await startComfyuiServerFake();
  src = await portraitPng();
  mask = await halfMaskPng();
});
afterAll(() => fake.close());
afterEach(() => {
  Object.assign(fake.core, { stepDelayMs: 0, failWith: null, hang: false, paused: false });
  fake.websocket = "ok";
  fake.dropRequests = 0;
});

function runner(overrides: Partial<Parameters<typeof createComfyServerRunner>[0]> = {}) {
  return createComfyServerRunner({
    baseUrl: fake.baseUrl,
    timeoutMs: 20_000,
    pollIntervalMs: 20,
    ...overrides,
  });
}

function job(
  overrides: Partial<TComfyRunRequest> & { workflowOverrides?: Parameters<typeof faceEditWorkflow>[1] } = {},
) {
  counter += 1;
  const jobId = `job${counter}`;
  const progress: TComfyProgress[] = [];
  const providerIds: string[] = [];
  const request: TComfyRunRequest = {
    jobId,
    workflow: faceEditWorkflow(
      { src: `${jobId}_src.png`, mask: `${jobId}_mask.png` },
      overrides.workflowOverrides,
    ),
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

describe("ComfyUI server runner", () => {
  it("uploads job-scoped inputs, runs the prompt and answers its saved PNG, edited and 2× upscaled", async () => {
    fake.core.stepDelayMs = 5;
    const { request, progress, providerIds, jobId } = job();
    const before = fake.core.prompts.length;
    const images = await runner().run(request);

    expect(images).toHaveLength(1);
    expect(images[0]!.nodeId).toBe("14");
    expect(images[0]!.filename).toMatch(/^job_\d{5}_\.png$/);
    const meta = await sharp(images[0]!.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 128, 96]);
    // The mask's left half was edited (tinted), the right half kept the source colour.
    expect(await pixel(images[0]!.bytes, 100, 40)).toEqual([0xcc, 0x99, 0x66]);
    expect(await pixel(images[0]!.bytes, 10, 40)).not.toEqual([0xcc, 0x99, 0x66]);

    const submitted = fake.core.prompts.slice(before);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.clientId).toBe(jobId);
    expect(providerIds).toEqual([submitted[0]!.promptId]);
    expect(fake.core.uploads.slice(-2).map((u) => [u.name, u.overwrite])).toEqual([
      [`${jobId}_src.png`, true],
      [`${jobId}_mask.png`, true],
    ]);
    expect(fake.sockets).toContain(jobId);

    const seen = fractions(progress);
    expect(seen.length).toBeGreaterThan(3);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    // Sampler steps arrive as fractions strictly between nodes.
    expect(progress.some((p) => p.node === "9" && p.fraction! > 0 && p.fraction! < 1)).toBe(true);
  });

  it("prefixes an input name that lacks the job id and rewrites the loaders to match", async () => {
    const { request, jobId } = job();
    request.workflow = faceEditWorkflow({ src: "src.png", mask: "mask.png" });
    request.images = [
      { name: "src.png", bytes: src },
      { name: "mask.png", bytes: mask },
    ];
    await runner().run(request);
    expect(fake.core.uploads.slice(-2).map((u) => u.name)).toEqual([`${jobId}_src.png`, `${jobId}_mask.png`]);
    const prompt = fake.core.prompts.at(-1)!.prompt;
    expect(prompt["2"]!.inputs!.image).toBe(`${jobId}_src.png`);
    expect(prompt["3"]!.inputs!.image).toBe(`${jobId}_mask.png`);
    expect(request.workflow["2"]!.inputs.image).toBe("src.png");
  });

  it("reports how many prompts are ahead while it waits in ComfyUI's queue", async () => {
    fake.core.paused = true;
    const other = faceEditWorkflow({ src: "other_src.png", mask: "other_mask.png" });
    fake.core.upload("other_src.png", src, true);
    fake.core.upload("other_mask.png", mask, true);
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${fake.baseUrl}/prompt`, {
        method: "POST",
        body: JSON.stringify({ prompt: other, client_id: "someone-else" }),
      });
      expect(response.status).toBe(200);
    }
    const { request, progress } = job();
    const running = runner().run(request);
    await expect.poll(() => progress.some((p) => p.queuePosition === 2), { timeout: 5000 }).toBe(true);
    fake.core.paused = false;
    fake.core.interrupts.length = 0;
    const images = await running;
    expect(images).toHaveLength(1);
    expect(progress.find((p) => p.queuePosition !== undefined)?.queuePosition).toBe(2);
    expect(fractions(progress).at(-1)).toBe(1);
  });

  it("answers COMFYUI_VALIDATION_FAILED with ComfyUI's node_errors and records no job", async () => {
    const { request, providerIds } = job();
    delete (request.workflow["9"]!.inputs as Record<string, unknown>).model;
    request.workflow["11"]!.inputs.destination = ["5", 0];
    const before = fake.core.prompts.length;
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_VALIDATION_FAILED");
    expect(error.message).toMatch(/required_input_missing|Required input is missing/);
    expect(error.message).toMatch(/received_type\(CONDITIONING\) mismatch input_type\(IMAGE\)/);
    expect(error.details).toMatchObject({ node_errors: { "9": { class_type: "KSampler" } } });
    expect(fake.core.prompts.length).toBe(before);
    expect(providerIds).toEqual([]);
  });

  it("answers COMFYUI_VALIDATION_FAILED for an unknown node type", async () => {
    const { request } = job();
    request.workflow["15"] = { class_type: "FaceDetailerPro", inputs: {} };
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_VALIDATION_FAILED");
    expect(error.message).toMatch(/FaceDetailerPro does not exist/);
  });

  it("answers COMFYUI_MODEL_MISSING naming the file a loader lacks", async () => {
    const { request } = job({ workflowOverrides: { upscaler: "4x-UltraSharp.pth" } });
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_MODEL_MISSING");
    expect(error.message).toContain("4x-UltraSharp.pth");
    expect(error.message).toContain("model_name");

    const installed = fake.core.installedModels.checkpoints;
    fake.core.installedModels.checkpoints = [];
    try {
      const again = await rejection(runner().run(job().request));
      expect(again.code).toBe("COMFYUI_MODEL_MISSING");
      expect(again.message).toContain("sd_xl_base_1.0.safetensors");
    } finally {
      fake.core.installedModels.checkpoints = installed;
    }
  });

  it("answers COMFYUI_OUT_OF_MEMORY when a node runs out of GPU memory, COMFYUI_EXECUTION_FAILED for other errors", async () => {
    fake.core.failWith = "oom";
    const oom = await rejection(runner().run(job().request));
    expect(oom.code).toBe("COMFYUI_OUT_OF_MEMORY");
    expect(oom.message).toContain("KSampler (node 9)");

    fake.core.failWith = "error";
    const failed = await rejection(runner().run(job().request));
    expect(failed.code).toBe("COMFYUI_EXECUTION_FAILED");
    expect(failed.message).toMatch(/KSampler \(node 9\) raised RuntimeError: mat1 and mat2/);
  });

  it("answers COMFYUI_TIMEOUT past timeoutMs and interrupts the prompt on the server", async () => {
    fake.core.hang = true;
    const { request, providerIds } = job();
    const error = await rejection(runner({ timeoutMs: 400 }).run(request));
    expect(error.code).toBe("COMFYUI_TIMEOUT");
    expect(fake.core.interrupts).toContainEqual({ promptId: providerIds[0], hit: true });
    await expect.poll(() => fake.core.history.get(providerIds[0]!)?.status.status_str).toBe("error");
  });

  it("answers COMFYUI_UNAVAILABLE when nothing listens at the URL", async () => {
    const closed = await startComfyuiServerFake();
    const url = closed.baseUrl;
    await closed.close();
    const error = await rejection(
      createComfyServerRunner({ baseUrl: url, timeoutMs: 5000 }).run(job().request),
    );
    expect(error.code).toBe("COMFYUI_UNAVAILABLE");
    expect(error.message).toContain(url);
  });

  it("cancels the prompt on the server when the job's signal aborts mid-run", async () => {
    fake.core.stepDelayMs = 40;
    const controller = new AbortController();
    const { request, progress, providerIds } = job({ signal: controller.signal });
    request.workflow["9"]!.inputs.steps = 50;
    const running = runner().run(request);
    await expect.poll(() => progress.some((p) => p.node === "9")).toBe(true);
    controller.abort(new Error("user cancelled"));
    await expect(running).rejects.toThrow("user cancelled");
    const id = providerIds[0]!;
    expect(fake.core.interrupts).toContainEqual({ promptId: id, hit: true });
    expect(fake.core.queueDeletes).toContain(id);
    await expect
      .poll(() => fake.core.history.get(id)?.status.messages.map(([type]) => type))
      .toContain("execution_interrupted");
  });

  it("cancels the prompt when its id cannot be recorded, so no job runs unowned", async () => {
    fake.core.stepDelayMs = 40;
    const { request } = job();
    let recorded = "";
    request.onProviderJobId = async (id) => {
      recorded = id;
      throw new Error("database is down");
    };
    await expect(runner().run(request)).rejects.toThrow("database is down");
    expect(fake.core.queueDeletes).toContain(recorded);
    expect(fake.core.interrupts.some((i) => i.promptId === recorded)).toBe(true);
    await expect.poll(() => fake.core.history.get(recorded)?.status.status_str ?? "gone").not.toBe("success");
  });

  it("cancel() is idempotent: a finished or unknown prompt answers without error", async () => {
    const { request, providerIds } = job();
    await runner().run(request);
    await runner().cancel(providerIds[0]!);
    await runner().cancel(providerIds[0]!);
    expect(fake.core.interrupts.filter((i) => i.promptId === providerIds[0])).toEqual([
      { promptId: providerIds[0], hit: false },
      { promptId: providerIds[0], hit: false },
    ]);
  });

  it("resumes a prompt by its providerJobId without uploading or submitting again", async () => {
    fake.core.stepDelayMs = 20;
    // What a worker that crashed after submitting leaves behind: a prompt running on the server.
    const first = job();
    for (const image of first.request.images) fake.core.upload(image.name, image.bytes, true);
    const live = await fetch(`${fake.baseUrl}/prompt`, {
      method: "POST",
      body: JSON.stringify({ prompt: first.request.workflow, client_id: first.jobId }),
    }).then((r) => r.json() as Promise<{ prompt_id: string }>);
    const prompts = fake.core.prompts.length;
    const uploads = fake.core.uploads.length;

    const resumed = job({ providerJobId: live.prompt_id });
    resumed.request.jobId = first.jobId;
    const images = await runner().run(resumed.request);
    expect(images).toHaveLength(1);
    expect(fake.core.prompts.length).toBe(prompts);
    expect(fake.core.uploads.length).toBe(uploads);
    expect(resumed.providerIds).toEqual([]);
    expect(fractions(resumed.progress).at(-1)).toBe(1);

    // Resuming one that already finished reads its history straight away.
    const again = await runner().run(job({ providerJobId: live.prompt_id }).request);
    expect(again[0]!.bytes.equals(images[0]!.bytes)).toBe(true);
    expect(fake.core.prompts.length).toBe(prompts);
  });

  it("answers COMFYUI_EXECUTION_FAILED when resuming a prompt the server no longer knows", async () => {
    const error = await rejection(runner().run(job({ providerJobId: crypto.randomUUID() }).request));
    expect(error.code).toBe("COMFYUI_EXECUTION_FAILED");
    expect(error.message).toMatch(/neither queued nor in ComfyUI's history/);
  });

  it("finishes by polling when the socket is refused or dropped mid-run", async () => {
    fake.websocket = "refuse";
    const refused = job();
    expect(await runner({ socketOpenTimeoutMs: 500 }).run(refused.request)).toHaveLength(1);
    expect(fractions(refused.progress).at(-1)).toBe(1);

    fake.websocket = "drop";
    fake.core.stepDelayMs = 10;
    const dropped = job();
    expect(await runner().run(dropped.request)).toHaveLength(1);

    fake.websocket = "ok";
    const flaky = job();
    fake.core.paused = true;
    const running = runner().run(flaky.request);
    await expect.poll(() => fake.core.prompts.some((p) => p.clientId === flaky.jobId)).toBe(true);
    fake.dropRequests = 2;
    fake.core.paused = false;
    expect(await running).toHaveLength(1);
  });

  it("answers COMFYUI_NO_OUTPUT when the workflow saves nothing (preview only)", async () => {
    const { request } = job();
    request.workflow["14"] = { class_type: "PreviewImage", inputs: { images: ["13", 0] } };
    const error = await rejection(runner().run(request));
    expect(error.code).toBe("COMFYUI_NO_OUTPUT");
  });

  it("refuses an output over maxResultBytes", async () => {
    const error = await rejection(runner({ maxResultBytes: 100 }).run(job().request));
    expect(error.code).toBe("COMFYUI_EXECUTION_FAILED");
    expect(error.message).toMatch(/over the 100-byte limit/);
  });
});
