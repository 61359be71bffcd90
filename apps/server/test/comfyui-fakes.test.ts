/**
 * The ComfyUI contract fakes themselves (issue 25): what they refuse is what ComfyUI's
 * execution.py refuses, and what they run gives real images that follow the graph, so tests of the
 * tool drivers built on them mean something.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComfyFakeCore } from "./fakes/comfyui-fake-core.ts";
import { type TPrompt, validatePrompt } from "./fakes/comfyui-graph.ts";
import { type ComfyuiServerFake, startComfyuiServerFake } from "./fakes/comfyui-server.fake.ts";
import { faceEditWorkflow, halfMaskPng, portraitPng } from "./helpers/comfy-workflows.ts";

/** CONTRACTS.md §7.5 example B (Qwen-Image-Edit-2509, two references) with a batch of 2. */
function qwenEdit(ref1: string, ref2: string): TPrompt {
  return {
    "1": {
      class_type: "UNETLoader",
      inputs: { unet_name: "qwen_image_edit_2509_fp8_e4m3fn.safetensors", weight_dtype: "default" },
    },
    "2": {
      class_type: "LoraLoaderModelOnly",
      inputs: {
        model: ["1", 0],
        lora_name: "Qwen-Image-Edit-2509-Lightning-4steps-V1.0-bf16.safetensors",
        strength_model: 1.0,
      },
    },
    "3": { class_type: "ModelSamplingAuraFlow", inputs: { model: ["2", 0], shift: 3.0 } },
    "4": { class_type: "CFGNorm", inputs: { model: ["3", 0], strength: 1.0 } },
    "5": {
      class_type: "CLIPLoader",
      inputs: { clip_name: "qwen_2.5_vl_7b_fp8_scaled.safetensors", type: "qwen_image" },
    },
    "6": { class_type: "VAELoader", inputs: { vae_name: "qwen_image_vae.safetensors" } },
    "7": { class_type: "LoadImage", inputs: { image: ref1 } },
    "8": { class_type: "LoadImage", inputs: { image: ref2 } },
    "9": { class_type: "FluxKontextImageScale", inputs: { image: ["7", 0] } },
    "10": {
      class_type: "TextEncodeQwenImageEditPlus",
      inputs: {
        clip: ["5", 0],
        vae: ["6", 0],
        image1: ["9", 0],
        image2: ["8", 0],
        prompt: "jacket from picture 2",
      },
    },
    "11": {
      class_type: "TextEncodeQwenImageEditPlus",
      inputs: { clip: ["5", 0], vae: ["6", 0], image1: ["9", 0], image2: ["8", 0], prompt: "" },
    },
    "12": { class_type: "VAEEncode", inputs: { pixels: ["9", 0], vae: ["6", 0] } },
    "16": { class_type: "RepeatLatentBatch", inputs: { samples: ["12", 0], amount: 2 } },
    "13": {
      class_type: "KSampler",
      inputs: {
        model: ["4", 0],
        positive: ["10", 0],
        negative: ["11", 0],
        latent_image: ["16", 0],
        seed: 42,
        steps: 4,
        cfg: 1.0,
        sampler_name: "euler",
        scheduler: "simple",
        denoise: 1.0,
      },
    },
    "14": { class_type: "VAEDecode", inputs: { samples: ["13", 0], vae: ["6", 0] } },
    "15": { class_type: "SaveImage", inputs: { images: ["14", 0], filename_prefix: "gyeol/qwen" } },
  };
}

let fake: ComfyuiServerFake;
let src: Buffer;
let mask: Buffer;

async function runPrompt(prompt: TPrompt) {
  const answer = await fetch(`${fake.baseUrl}/prompt`, { method: "POST", body: JSON.stringify({ prompt }) });
  const body = (await answer.json()) as { prompt_id: string };
  expect(answer.status).toBe(200);
  await expect.poll(() => fake.core.history.has(body.prompt_id)).toBe(true);
  const entry = fake.core.history.get(body.prompt_id)!;
  const images: Buffer[] = [];
  for (const output of Object.values(entry.outputs))
    for (const image of output.images) {
      const query = new URLSearchParams({
        filename: image.filename,
        subfolder: image.subfolder,
        type: image.type,
      });
      images.push(Buffer.from(await (await fetch(`${fake.baseUrl}/view?${query}`)).arrayBuffer()));
    }
  return { entry, images };
}

beforeAll(async () => {
  fake = await startComfyuiServerFake();
  src = await portraitPng(96, 64);
  mask = await halfMaskPng();
  fake.core.upload("a_src.png", src, true);
  fake.core.upload("a_mask.png", mask, true);
  fake.core.upload("a_ref.png", await portraitPng(40, 40), true);
});
afterAll(() => fake.close());

describe("ComfyUI fake validation (execution.py)", () => {
  const files = new Set(["a_src.png", "a_mask.png"]);
  const models = createComfyFakeCore().installedModels;
  const errorsOf = (prompt: TPrompt) => {
    const result = validatePrompt(prompt, models, files);
    if (result.ok) return [];
    return [
      result.error.type,
      ...Object.entries(result.nodeErrors).flatMap(([id, entry]) =>
        (entry as { errors: Array<{ type: string }> }).errors.map((e) => `${id}:${e.type}`),
      ),
    ];
  };

  it("accepts the face-edit workflow as written", () => {
    expect(errorsOf(faceEditWorkflow({ src: "a_src.png", mask: "a_mask.png" }) as TPrompt)).toEqual([]);
  });

  it("refuses links to a missing node, a missing output index, and a malformed link", () => {
    const prompt = faceEditWorkflow({ src: "a_src.png", mask: "a_mask.png" }) as TPrompt;
    prompt["7"]!.inputs!.vae = ["99", 0];
    prompt["10"]!.inputs!.vae = ["1", 7];
    prompt["4"]!.inputs!.mask = ["3"];
    expect(errorsOf(prompt)).toEqual(
      expect.arrayContaining([
        "prompt_outputs_failed_validation",
        "7:exception_during_inner_validation",
        "10:exception_during_inner_validation",
        "4:bad_linked_input",
      ]),
    );
  });

  it("refuses enum values, bounds, a missing input file and an output-less prompt", () => {
    const prompt = faceEditWorkflow({ src: "nope.png", mask: "a_mask.png" }) as TPrompt;
    prompt["9"]!.inputs!.scheduler = "fancy";
    prompt["9"]!.inputs!.denoise = 1.5;
    prompt["9"]!.inputs!.steps = "many";
    expect(errorsOf(prompt)).toEqual(
      expect.arrayContaining([
        "2:custom_validation_failed",
        "9:value_not_in_list",
        "9:value_bigger_than_max",
        "9:invalid_input_type",
      ]),
    );
    const noOutput = faceEditWorkflow({ src: "a_src.png", mask: "a_mask.png" }) as TPrompt;
    delete noOutput["14"];
    expect(errorsOf(noOutput)).toEqual(["prompt_no_outputs"]);
    expect(errorsOf({ "1": { class_type: "NotANode", inputs: {} } })).toEqual(["invalid_prompt"]);
    const badOutput = faceEditWorkflow({ src: "a_src.png", mask: "a_mask.png" }) as TPrompt;
    badOutput["14"]!.inputs!.images = ["77", 0];
    expect(errorsOf(badOutput)).toEqual([
      "prompt_outputs_failed_validation",
      "14:exception_during_validation",
    ]);
  });

  it("runs a prompt whose other output failed validation, like ComfyUI (partial outputs)", async () => {
    const prompt = faceEditWorkflow({ src: "a_src.png", mask: "a_mask.png" }) as TPrompt;
    prompt["20"] = { class_type: "SaveImage", inputs: { images: ["5", 0], filename_prefix: "bad" } };
    const answer = await fetch(`${fake.baseUrl}/prompt`, {
      method: "POST",
      body: JSON.stringify({ prompt }),
    });
    const body = (await answer.json()) as { node_errors: Record<string, unknown> };
    expect(answer.status).toBe(200);
    expect(Object.keys(body.node_errors)).toEqual(["20"]);
  });

  it("serves /object_info with the installed models as the loaders' lists", async () => {
    const info = (await (await fetch(`${fake.baseUrl}/object_info/CheckpointLoaderSimple`)).json()) as {
      CheckpointLoaderSimple: { input: { required: { ckpt_name: [string[]] } }; output: string[] };
    };
    expect(info.CheckpointLoaderSimple.input.required.ckpt_name[0]).toEqual(
      fake.core.installedModels.checkpoints,
    );
    expect(info.CheckpointLoaderSimple.output).toEqual(["MODEL", "CLIP", "VAE"]);
  });
});

describe("ComfyUI fake execution", () => {
  it("runs the Qwen edit graph: Kontext size, one PNG per batch item, each tinted differently", async () => {
    const { images, entry } = await runPrompt(qwenEdit("a_src.png", "a_ref.png"));
    expect(entry.status.status_str).toBe("success");
    expect(images).toHaveLength(2);
    const metas = await Promise.all(images.map((i) => sharp(i).metadata()));
    // 96×64 (3:2) snaps to Kontext's 1248×832.
    expect(metas.map((m) => [m.width, m.height])).toEqual([
      [1248, 832],
      [1248, 832],
    ]);
    expect(images[0]!.equals(images[1]!)).toBe(false);
  });

  it("generates a gradient of the latent's size for an empty latent, and stitches a collage", async () => {
    const prompt: TPrompt = {
      "1": { class_type: "CheckpointLoaderSimple", inputs: { ckpt_name: "sd_xl_base_1.0.safetensors" } },
      "2": { class_type: "CLIPTextEncode", inputs: { clip: ["1", 1], text: "a studio portrait" } },
      "3": { class_type: "EmptySD3LatentImage", inputs: { width: 100, height: 60, batch_size: 1 } },
      "4": {
        class_type: "KSampler",
        inputs: {
          model: ["1", 0],
          positive: ["2", 0],
          negative: ["2", 0],
          latent_image: ["3", 0],
          seed: 7,
          steps: 2,
          cfg: 4,
          sampler_name: "euler",
          scheduler: "simple",
          denoise: 1,
        },
      },
      "5": { class_type: "VAEDecode", inputs: { samples: ["4", 0], vae: ["1", 2] } },
      "6": { class_type: "LoadImage", inputs: { image: "a_ref.png" } },
      "7": {
        class_type: "ImageStitch",
        inputs: {
          image1: ["5", 0],
          image2: ["6", 0],
          direction: "right",
          match_image_size: true,
          spacing_width: 4,
          spacing_color: "white",
        },
      },
      "8": { class_type: "SaveImage", inputs: { images: ["7", 0], filename_prefix: "collage" } },
    };
    const { images } = await runPrompt(prompt);
    const meta = await sharp(images[0]!).metadata();
    // 96×56 (multiples of 8) + 4 spacing + the 40×40 reference scaled to 56×56.
    expect([meta.width, meta.height]).toEqual([96 + 4 + 56, 56]);
  });
});
