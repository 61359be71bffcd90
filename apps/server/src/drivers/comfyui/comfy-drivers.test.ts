/**
 * The four ComfyUI tool drivers (issue 25) on a runner double: each sends its bound workflow with
 * the job's provider id (resume), passes ComfyUI's progress and its prompt id back, takes only
 * the "gyeol:output" node's images, answers what its port promises (an upright JPEG at the exact
 * size, the painted area only, 1–4 images), bounds the wait, and cancels on ComfyUI.
 */
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { upscaleInput } from "../../../test/helpers/retouch.ts";
import { createComfyFaceEditEngine } from "./comfy-face-edit-engine.ts";
import { createComfyGenerationProvider, seedOf } from "./comfy-generation-provider.ts";
import { createComfyImageEditProvider } from "./comfy-image-edit-provider.ts";
import { createComfyRetouchEngine } from "./comfy-retouch-engine.ts";
import { runBound } from "./comfy-run.ts";
import {
  ComfyError,
  type ComfyRunner,
  type TComfyOutputImage,
  type TComfyRunRequest,
  type TComfyWorkflow,
} from "./comfy-runner.ts";
import { loadWorkflow } from "./workflow-file.ts";

const JOB = "0b7a1d2c-0000-4000-8000-00000000000a";

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

const outputNodeOf = (workflow: TComfyWorkflow) =>
  Object.entries(workflow).find(([, node]) => node._meta?.title === "gyeol:output")![0];

/** A runner that records each request and answers what `answer` makes of it. */
function runnerDouble(answer: (request: TComfyRunRequest) => Promise<TComfyOutputImage[]>) {
  const requests: TComfyRunRequest[] = [];
  const cancelled: string[] = [];
  const runner: ComfyRunner = {
    provider: "comfyui",
    async run(request) {
      requests.push(request);
      if (!request.providerJobId) await request.onProviderJobId(`prompt-${requests.length}`);
      request.onProgress?.({ queuePosition: 2 });
      request.onProgress?.({ queuePosition: 0, fraction: 0.5 });
      return answer(request);
    },
    async cancel(id) {
      cancelled.push(id);
    },
  };
  return { runner, requests, cancelled };
}

/** Answers `count` images of `w×h` in `colour` from the workflow's gyeol:output node, plus a stray preview. */
const answerWith =
  (count: number, width: number, height: number, colour = "#204080") =>
  async (request: TComfyRunRequest) => [
    { nodeId: "preview", filename: "p.png", bytes: await solid(16, 16, "#ff0000") },
    ...(await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        nodeId: outputNodeOf(request.workflow),
        filename: `out_${i}.png`,
        bytes: await solid(width, height, colour),
      })),
    )),
  ];

/** The ComfyUI workflow's own size: 1200×900 at ×2. */
const retouchInput = (overrides: Partial<TUpscaleInput> = {}) =>
  upscaleInput("https://gyeol.test/x.jpg", {
    seed: 5,
    prompt: "",
    width: 1200,
    height: 900,
    scale_factor: 2,
    ...overrides,
  });

const signal = () => new AbortController().signal;

describe("ComfyUI retouch engine", () => {
  it("resumes the job's prompt, reports progress and answers an upright JPEG at the exact output size", async () => {
    const { runner, requests, cancelled } = runnerDouble(answerWith(1, 2400, 1800));
    const engine = createComfyRetouchEngine({
      runner,
      workflow: loadWorkflow("retouch", undefined),
      timeoutMs: 5000,
    });
    const progress: unknown[] = [];
    const ids: string[] = [];
    const result = await engine.run({
      jobId: JOB,
      input: retouchInput(),
      readImage: () => solid(1200, 900, "#c0a080"),
      providerJobId: "prompt-from-before",
      onProviderJobId: async (id) => {
        ids.push(id);
      },
      onProgress: (p) => progress.push(p),
      signal: signal(),
    });
    expect(requests[0]!.providerJobId).toBe("prompt-from-before");
    expect(requests[0]!.jobId).toBe(JOB);
    expect(requests[0]!.images.map((image) => image.name)).toEqual([`${JOB}_image.jpg`]);
    expect(ids).toEqual([]);
    expect(progress).toEqual([{ queuePosition: 2 }, { queuePosition: 0, fraction: 0.5 }]);
    expect((await sharp(result.jpeg).metadata()).format).toBe("jpeg");
    expect({ width: result.width, height: result.height, engine: result.engine }).toEqual({
      width: 2400,
      height: 1800,
      engine: "comfyui",
    });
    expect(engine.provider).toBe("comfyui");
    await engine.cancel!("prompt-9");
    expect(cancelled).toEqual(["prompt-9"]);
  });

  it("fails with COMFYUI_NO_OUTPUT when nothing was saved", async () => {
    const { runner } = runnerDouble(async () => []);
    const engine = createComfyRetouchEngine({
      runner,
      workflow: loadWorkflow("retouch", undefined),
      timeoutMs: 5000,
    });
    await expect(
      engine.run({
        jobId: JOB,
        input: retouchInput(),
        readImage: () => solid(300, 200, "#808080"),
        providerJobId: null,
        onProviderJobId: async () => {},
        signal: signal(),
      }),
    ).rejects.toMatchObject({ name: "ComfyError", code: "COMFYUI_NO_OUTPUT" });
  });

  it("passes the runner's own failure code through (the job's error_code)", async () => {
    const { runner } = runnerDouble(async () => {
      throw new ComfyError("COMFYUI_MODEL_MISSING", "ckpt_name: 'sd_xl_base_1.0.safetensors' not in []");
    });
    const engine = createComfyRetouchEngine({
      runner,
      workflow: loadWorkflow("retouch", undefined),
      timeoutMs: 5000,
    });
    await expect(
      engine.run({
        jobId: JOB,
        input: retouchInput(),
        readImage: () => solid(300, 200, "#808080"),
        providerJobId: null,
        onProviderJobId: async () => {},
        signal: signal(),
      }),
    ).rejects.toMatchObject({ code: "COMFYUI_MODEL_MISSING" });
  });
});

describe("runBound's deadline", () => {
  it("cancels the prompt on ComfyUI and fails with COMFYUI_TIMEOUT when the wait runs past COMFYUI_TIMEOUT_MS", async () => {
    const cancelled: string[] = [];
    const runner: ComfyRunner = {
      provider: "comfyui-runpod",
      async run(request) {
        await request.onProviderJobId("rp-1");
        return new Promise((_, reject) =>
          request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true }),
        );
      },
      async cancel(id) {
        cancelled.push(id);
      },
    };
    const workflow = loadWorkflow("generation", undefined);
    await expect(
      runBound(
        { runner, workflow, timeoutMs: 50 },
        { workflow: workflow.workflow, images: [], notes: [] },
        { jobId: JOB, providerJobId: null, onProviderJobId: async () => {}, signal: signal() },
      ),
    ).rejects.toMatchObject({ code: "COMFYUI_TIMEOUT" });
    expect(cancelled).toEqual(["rp-1"]);
  });

  it("leaves a job its owner stopped to the platform: no timeout code, no cancel of its own", async () => {
    const cancelled: string[] = [];
    const runner: ComfyRunner = {
      provider: "comfyui",
      run: (request) =>
        new Promise((_, reject) =>
          request.signal.addEventListener("abort", () => reject(new Error("aborted")), { once: true }),
        ),
      async cancel(id) {
        cancelled.push(id);
      },
    };
    const workflow = loadWorkflow("generation", undefined);
    const stop = new AbortController();
    const run = runBound(
      { runner, workflow, timeoutMs: 10_000 },
      { workflow: workflow.workflow, images: [], notes: [] },
      { jobId: JOB, providerJobId: null, onProviderJobId: async () => {}, signal: stop.signal },
    );
    stop.abort();
    await expect(run).rejects.toThrow("aborted");
    expect(cancelled).toEqual([]);
  });
});

describe("ComfyUI face-edit engine", () => {
  it("changes only the painted area of the full-size photo, and scales by resize_factor", async () => {
    const photo = await solid(1600, 1200, "#406080");
    const white = await solid(200, 200, "#ffffff");
    const mask = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#000000" } })
      .composite([{ input: white, left: 300, top: 200 }])
      .png()
      .toBuffer();
    // ComfyUI paints the whole crop it got in bright yellow.
    const { runner, requests } = runnerDouble(async (request) => {
      const sent = await sharp(request.images[0]!.bytes).metadata();
      return [
        {
          nodeId: outputNodeOf(request.workflow),
          filename: "o.png",
          bytes: await solid(sent.width!, sent.height!, "#ffff00"),
        },
      ];
    });
    const engine = createComfyFaceEditEngine({
      runner,
      workflow: loadWorkflow("face-edit", undefined),
      timeoutMs: 5000,
      maxPixels: 50_000_000,
    });
    const result = await engine.run({
      jobId: JOB,
      input: {
        image: "u",
        mask: "m",
        seed: 3,
        resize_factor: 0.5,
        easy_value: 0.5,
        gender: "여성",
      },
      readImage: async () => photo,
      readMask: async () => mask,
      providerJobId: null,
      onProviderJobId: async () => {},
      signal: signal(),
    });
    expect(result).toMatchObject({ engine: "comfyui", generative: true });
    expect(requests[0]!.images.map((image) => image.name)).toEqual([`${JOB}_image.jpg`, `${JOB}_mask.png`]);
    // Only the crop around the painted box (400×400 at full size, grown to at least 512 and by half) is sent.
    const sent = await sharp(requests[0]!.images[0]!.bytes).metadata();
    expect(sent.width).toBeLessThan(1600);
    const out = await sharp(result.images[0]!).raw().toBuffer({ resolveWithObject: true });
    expect({ width: out.info.width, height: out.info.height }).toEqual({ width: 800, height: 600 });
    const at = (x: number, y: number) => [...out.data.subarray((y * 800 + x) * 3, (y * 800 + x) * 3 + 3)];
    // Inside the painted box (full-size 600..1000 × 400..800 → halved 300..500 × 200..400): yellow.
    const [r, g, b] = at(400, 300);
    expect(r! > 200 && g! > 200 && b! < 80).toBe(true);
    // Far outside it, the original blue-grey stays.
    const [r2, g2, b2] = at(50, 50);
    expect(Math.abs(r2! - 0x40) < 8 && Math.abs(g2! - 0x60) < 8 && Math.abs(b2! - 0x80) < 8).toBe(true);
  });

  it("fails with MASK_REQUIRED when nothing is painted", async () => {
    const { runner, requests } = runnerDouble(answerWith(1, 64, 64));
    const engine = createComfyFaceEditEngine({
      runner,
      workflow: loadWorkflow("face-edit", undefined),
      timeoutMs: 5000,
      maxPixels: 50_000_000,
    });
    await expect(
      engine.run({
        jobId: JOB,
        input: { image: "u", mask: "m", seed: 3, resize_factor: 1, easy_value: 0.5, gender: "남성" },
        readImage: () => solid(400, 300, "#808080"),
        readMask: () => solid(400, 300, "#000000"),
        providerJobId: null,
        onProviderJobId: async () => {},
        signal: signal(),
      }),
    ).rejects.toMatchObject({ code: "MASK_REQUIRED" });
    expect(requests).toEqual([]);
  });
});

describe("ComfyUI image-edit provider", () => {
  it("answers one entry per wanted image, fitted to the requested size, and says when fewer came", async () => {
    const { runner, requests } = runnerDouble(answerWith(1, 1024, 768));
    const provider = createComfyImageEditProvider({
      runner,
      workflow: loadWorkflow("image-edit", undefined),
      timeoutMs: 5000,
      isTestProvider: false,
    });
    expect(provider).toMatchObject({ name: "comfyui", takesMask: true, maxInputImages: 3 });
    const outputs = await provider.edit({
      prompt: "night sky",
      images: [
        {
          bytes: await solid(1600, 1200, "#808080"),
          mime: "image/png",
          width: 1600,
          height: 1200,
          mask: null,
        },
      ],
      numImages: 2,
      width: 800,
      height: 800,
      seed: 1,
      requestId: JOB,
      signal: signal(),
    });
    expect(requests[0]!.providerJobId).toBeNull();
    expect(outputs).toHaveLength(2);
    expect(outputs[0]!.ok).toBe(true);
    const first = outputs[0]!.ok ? await sharp(outputs[0]!.bytes).metadata() : null;
    expect({ width: first?.width, height: first?.height, format: first?.format }).toEqual({
      width: 800,
      height: 600,
      format: "jpeg",
    });
    expect(outputs[1]).toEqual({
      ok: false,
      vendorCode: "COMFYUI_NO_OUTPUT",
      message: "ComfyUI saved fewer images",
    });
  });

  it("cancels the running prompt by our job id", async () => {
    let release: () => void = () => {};
    const cancelled: string[] = [];
    const runner: ComfyRunner = {
      provider: "comfyui",
      async run(request) {
        await request.onProviderJobId("prompt-77");
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return [];
      },
      async cancel(id) {
        cancelled.push(id);
      },
    };
    const provider = createComfyImageEditProvider({
      runner,
      workflow: loadWorkflow("image-edit", undefined),
      timeoutMs: 5000,
      isTestProvider: false,
    });
    const editing = provider
      .edit({
        prompt: "x",
        images: [
          { bytes: await solid(300, 300, "#808080"), mime: "image/png", width: 300, height: 300, mask: null },
        ],
        numImages: 1,
        width: 300,
        height: 300,
        seed: 1,
        requestId: JOB,
        signal: signal(),
      })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await provider.cancel!(JOB);
    expect(cancelled).toEqual(["prompt-77"]);
    release();
    expect(await editing).toMatchObject({ code: "COMFYUI_NO_OUTPUT" });
    // Once it ended there is nothing left to cancel.
    await provider.cancel!(JOB);
    expect(cancelled).toEqual(["prompt-77"]);
  });
});

describe("ComfyUI image-edit provider when its job stops waiting", () => {
  it("cancels the prompt on ComfyUI (the request is sent again on a later run, never resumed)", async () => {
    const cancelled: string[] = [];
    const runner: ComfyRunner = {
      provider: "comfyui",
      async run(request) {
        await request.onProviderJobId("prompt-5");
        return new Promise(() => {});
      },
      async cancel(id) {
        cancelled.push(id);
      },
    };
    const provider = createComfyImageEditProvider({
      runner,
      workflow: loadWorkflow("image-edit", undefined),
      timeoutMs: 5000,
      isTestProvider: false,
    });
    const stop = new AbortController();
    const editing = provider
      .edit({
        prompt: "x",
        images: [
          { bytes: await solid(300, 300, "#808080"), mime: "image/png", width: 300, height: 300, mask: null },
        ],
        numImages: 1,
        width: 300,
        height: 300,
        seed: 1,
        requestId: JOB,
        signal: stop.signal,
      })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 200));
    stop.abort(new Error("the worker is shutting down: job handed back"));
    expect(await editing).toMatchObject({ message: "the worker is shutting down: job handed back" });
    expect(cancelled).toEqual(["prompt-5"]);
  });
});

describe("ComfyUI generation provider", () => {
  it("records the prompt id, resumes it, draws with a seed from the job id and reports a partial batch", async () => {
    const { runner, requests } = runnerDouble(answerWith(2, 1328, 1328));
    const provider = createComfyGenerationProvider({
      runner,
      workflow: loadWorkflow("generation", undefined),
      timeoutMs: 5000,
      isTestProvider: false,
    });
    const ids: string[] = [];
    const base = {
      prompt: "a lighthouse",
      numImages: 3,
      aspectRatio: "1:1",
      aspectRatioName: "1x1" as const,
      reference: null,
      characters: [],
      characterMode: "subject" as const,
      externalTaskId: JOB,
      onProviderTaskId: async (id: string) => {
        ids.push(id);
      },
      signal: signal(),
    };
    const result = await provider.generate({ ...base, providerTaskId: null });
    expect(ids).toEqual(["prompt-1"]);
    expect(result.images).toHaveLength(2);
    expect(result.partial).toBe(true);
    const sampler = Object.values(requests[0]!.workflow).find((n) => n._meta?.title === "gyeol:sampler")!;
    expect(sampler.inputs.seed).toBe(seedOf(JOB));
    await provider.generate({ ...base, providerTaskId: "prompt-1" });
    expect(requests[1]!.providerJobId).toBe("prompt-1");
    expect(ids).toEqual(["prompt-1"]);
  });
});
