/**
 * The workflow files and the binder (issue 25): a file without the titles the binder needs fails
 * at load with a sentence naming it, and each tool's input lands in the nodes it should — images
 * under job-scoped names at the working size, mask, prompt, seed, denoise, size and batch.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import { scaledSize } from "@gyeol/shared/retouch";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { upscaleInput } from "../../../test/helpers/retouch.ts";
import {
  bindFaceEdit,
  bindGeneration,
  bindImageEdit,
  bindRetouch,
  faceEditDenoise,
  fillText,
  QWEN_SIZES,
} from "./bind-workflow.ts";
import type { TComfyWorkflow } from "./comfy-runner.ts";
import {
  loadWorkflow,
  parseWorkflow,
  SHIPPED_WORKFLOWS_DIR,
  type TWorkflowTool,
  WORKFLOW_TOOLS,
  WorkflowFileError,
} from "./workflow-file.ts";

const JOB = "4f9c2b1e-0000-4000-8000-000000000001";

const photo = (width: number, height: number, colour = "#c08060") =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();

/** A black mask with a white rectangle (white = change). */
async function maskWithBox(
  width: number,
  height: number,
  box: { left: number; top: number; w: number; h: number },
) {
  const white = await sharp({ create: { width: box.w, height: box.h, channels: 3, background: "#ffffff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#000000" } })
    .composite([{ input: white, left: box.left, top: box.top }])
    .png()
    .toBuffer();
}

const sizeOf = async (bytes: Buffer) => {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
};

const shipped = (tool: TWorkflowTool) => loadWorkflow(tool, undefined);
const text = (tool: TWorkflowTool) => readFileSync(path.join(SHIPPED_WORKFLOWS_DIR, `${tool}.json`), "utf8");
const nodeTitled = (workflow: TComfyWorkflow, title: string) =>
  Object.values(workflow).find((node) => node._meta?.title === title);

/** The bound workflow's size: 2000×1500 at ×2. */
const retouchInput = (overrides: Partial<TUpscaleInput> = {}) =>
  upscaleInput("https://gyeol.test/x.jpg", {
    prompt: "",
    width: 2000,
    height: 1500,
    scale_factor: 2,
    ...overrides,
  });

describe("workflow files", () => {
  it("loads every shipped workflow with its titles", () => {
    for (const tool of WORKFLOW_TOOLS) {
      const loaded = shipped(tool);
      expect(loaded.nodes["gyeol:output"], tool).toBeDefined();
      expect(loaded.nodes["gyeol:sampler"], tool).toBeDefined();
    }
    expect(shipped("image-edit").imageSlots).toBe(3);
    expect(shipped("generation").imageSlots).toBe(3);
  });

  it("refuses a file that is not an API-format workflow, naming the file and the problem", () => {
    const bad = (body: unknown) => () => parseWorkflow("retouch", JSON.stringify(body), "retouch.json");
    expect(() => parseWorkflow("retouch", "{", "retouch.json")).toThrow(/retouch\.json: not JSON/);
    expect(bad([1, 2])).toThrow(/not a ComfyUI API-format workflow/);
    // The UI format (nodes/links arrays) has no class_type per node.
    expect(bad({ nodes: [], links: [] })).toThrow(
      /has no class_type \(export the workflow with "Export \(API\)"/,
    );
    expect(bad({ "1": { class_type: "LoadImage" } })).toThrow(/node "1" \(LoadImage\) has no inputs object/);
  });

  it("refuses a missing, duplicated or misplaced gyeol title and a dangling link", () => {
    const workflow = JSON.parse(text("retouch")) as TComfyWorkflow;
    const parse = (w: TComfyWorkflow) => () => parseWorkflow("retouch", JSON.stringify(w), "mine.json");

    const noSampler = structuredClone(workflow);
    delete noSampler["6"]!._meta;
    expect(parse(noSampler)).toThrow(
      'mine.json: no node is titled "gyeol:sampler" (a KSampler node the server fills)',
    );

    const twice = structuredClone(workflow);
    twice["4"]!._meta = { title: "gyeol:prompt" };
    expect(parse(twice)).toThrow('the title "gyeol:prompt" is on 2 nodes (3, 4)');

    const wrongType = structuredClone(workflow);
    wrongType["7"]!._meta = { title: "gyeol:size" };
    delete wrongType["10"]!._meta;
    expect(parse(wrongType)).toThrow('"gyeol:size" is on node "7", a VAEDecode; it must be a ImageScale');

    const dangling = structuredClone(workflow);
    dangling["5"]!.inputs.pixels = ["99", 0];
    expect(parse(dangling)).toThrow('node "5" input "pixels" links to node "99", which is not in the file');
  });

  it("refuses image slots that are not numbered from 1", () => {
    const workflow = JSON.parse(text("generation")) as TComfyWorkflow;
    workflow["7"]!._meta = { title: "a picture" };
    expect(() => parseWorkflow("generation", JSON.stringify(workflow), "g.json")).toThrow(
      '"gyeol:image2" is present but "gyeol:image1" is not',
    );
  });
});

describe("shipped workflows and their manifest", () => {
  const manifest = JSON.parse(readFileSync(path.join(SHIPPED_WORKFLOWS_DIR, "manifest.json"), "utf8")) as {
    comfyui: { version: string };
    workflows: Record<string, { file: string; models: { file: string; folder: string; licence: string }[] }>;
  };
  /** The node types of vendors CONTRACTS §7.2 (core and comfy_extras): what the contract fakes know. */
  const KNOWN_NODES = new Set([
    "CheckpointLoaderSimple",
    "LoraLoader",
    "LoraLoaderModelOnly",
    "CLIPTextEncode",
    "LoadImage",
    "LoadImageMask",
    "ImageScale",
    "ImageScaleBy",
    "VAEEncode",
    "VAEDecode",
    "VAEEncodeForInpaint",
    "InpaintModelConditioning",
    "SetLatentNoiseMask",
    "KSampler",
    "EmptyLatentImage",
    "RepeatLatentBatch",
    "SaveImage",
    "UNETLoader",
    "CLIPLoader",
    "VAELoader",
    "UpscaleModelLoader",
    "ImageUpscaleWithModel",
    "TextEncodeQwenImageEditPlus",
    "ModelSamplingAuraFlow",
    "CFGNorm",
    "GrowMask",
    "ImageCompositeMasked",
    "EmptySD3LatentImage",
  ]);
  const LOADER_INPUTS = ["ckpt_name", "unet_name", "lora_name", "clip_name", "vae_name", "model_name"];
  /** CONTRACTS §7.3: weights a commercial service may not use. */
  const FORBIDDEN = /flux|kontext|insightface|instantid|faceid|ultrasharp|codeformer|qwen-image-2\.1/i;

  it("writes down the ComfyUI version the workflows are for", () => {
    expect(manifest.comfyui.version).toMatch(/^v\d+\.\d+\.\d+$/);
  });

  for (const tool of WORKFLOW_TOOLS) {
    it(`${tool}: uses only known nodes, and lists exactly the model files it loads, none forbidden`, () => {
      const workflow = shipped(tool).workflow;
      for (const node of Object.values(workflow))
        expect(KNOWN_NODES.has(node.class_type), node.class_type).toBe(true);
      const loaded = Object.values(workflow).flatMap((node) =>
        LOADER_INPUTS.flatMap((input) =>
          typeof node.inputs[input] === "string" ? [node.inputs[input]] : [],
        ),
      );
      const listed = manifest.workflows[tool]!.models.map((model) => model.file);
      expect([...new Set(loaded)].sort()).toEqual([...new Set(listed)].sort());
      for (const model of manifest.workflows[tool]!.models) {
        expect(model.file).not.toMatch(FORBIDDEN);
        expect(model.licence).toMatch(/Apache-2\.0|Open RAIL\+\+-M|BSD-3-Clause/);
      }
    });
  }
});

describe("fillText", () => {
  it("fills the file's tokens, or puts ours in front of a text without them", () => {
    expect(fillText("photo of {subject}, {direction} look", { subject: "a man", direction: "bold" })).toBe(
      "photo of a man, bold look",
    );
    expect(fillText("{prompt}, sharp", { prompt: "clean skin" })).toBe("clean skin, sharp");
    expect(fillText("film grain, 35mm", { prompt: "clean skin" })).toBe("clean skin, film grain, 35mm");
    // Twice in a row (a global regex's state must not leak between calls).
    expect(fillText("{prompt}", { prompt: "a" })).toBe("a");
    expect(fillText("{prompt}", { prompt: "b" })).toBe("b");
  });
});

describe("bindRetouch", () => {
  it("uploads the photo at the working size under the job's name and fills seed, denoise, prompt and size", async () => {
    const input = retouchInput();
    const bound = await bindRetouch(shipped("retouch"), {
      jobId: JOB,
      photo: await photo(2000, 1500),
      input,
    });
    const w = bound.workflow;
    expect(bound.images.map((image) => image.name)).toEqual([`${JOB}_image.jpg`]);
    expect(w["2"]!.inputs.image).toBe(`${JOB}_image.jpg`);
    const sent = await sizeOf(bound.images[0]!.bytes);
    expect(sent.format).toBe("jpeg");
    expect(sent.width! * sent.height!).toBeLessThanOrEqual(1024 * 1024);
    expect(sent.width! % 8).toBe(0);
    expect(w["6"]!.inputs.seed).toBe(1234);
    // lora 2 (basic): the strongest default control is blemish removal 0.7 → 0.15 + 0.2 × 0.7.
    expect(w["6"]!.inputs.denoise).toBe(0.29);
    expect(w["3"]!.inputs.text).toMatch(/^portrait photo of a person, natural clean skin, clear skin/);
    expect(w["3"]!.inputs.text).toContain("high quality portrait photograph");
    expect(w["4"]!.inputs.text).toContain("blemishes, acne, spots");
    expect({ width: w["10"]!.inputs.width, height: w["10"]!.inputs.height }).toEqual(
      scaledSize(2000, 1500, 2),
    );
    expect(w["10"]!.inputs.image).toEqual(["9", 0]);
    expect(w["11"]!.inputs.filename_prefix).toBe(`gyeol/${JOB}`);
    // The file itself is untouched (each bind works on a copy).
    expect(shipped("retouch").workflow["6"]!.inputs.seed).toBe(0);
  });

  it("turns the style, the filter and the controls into words and strength", async () => {
    const bound = await bindRetouch(shipped("retouch"), {
      jobId: JOB,
      photo: await photo(800, 600),
      input: retouchInput({
        lora_index: 7,
        filter_index: 1,
        filter_strength: 0.75,
        filter_prompt: "asle",
        blemish_removal: 0,
        dark_circles: 0,
        shine_reduction: 0.2,
        wrinkle_softening: 0,
        tone_evening: 0,
        prompt: "keep the freckles",
      }),
    });
    const positive = bound.workflow["3"]!.inputs.text as string;
    expect(positive).toContain("portrait photo of a woman, matte makeup");
    expect(positive).toContain("(bright fair dewy skin, soft glow:1.18)");
    expect(positive).toContain("keep the freckles");
    expect(positive).not.toContain("clear skin");
    // The filter (0.75) is now the strongest amount.
    expect(bound.workflow["6"]!.inputs.denoise).toBe(0.3);
  });

  it("bypasses the 2× model when the output is no larger than the working size", async () => {
    const bound = await bindRetouch(shipped("retouch"), {
      jobId: JOB,
      photo: await photo(640, 480),
      input: retouchInput({ width: 640, height: 480, scale_factor: 1 }),
    });
    expect(bound.workflow["10"]!.inputs.image).toEqual(["7", 0]);
    expect(bound.workflow["10"]!.inputs.width).toBe(640);
    expect(bound.notes.join()).toContain("bypassed");
  });
});

describe("bindFaceEdit", () => {
  it("sends the crop and its mask at one size, the gender in words and easy_value as denoise", async () => {
    const crop = await photo(900, 700);
    const cropMask = await maskWithBox(900, 700, { left: 300, top: 200, w: 200, h: 200 });
    const bound = await bindFaceEdit(shipped("face-edit"), {
      jobId: JOB,
      crop,
      cropMask,
      gender: "남성",
      easyValue: 0.55,
      seed: 77,
    });
    const w = bound.workflow;
    expect(bound.images.map((image) => image.name)).toEqual([`${JOB}_image.jpg`, `${JOB}_mask.png`]);
    expect(w["3"]!.inputs.image).toBe(`${JOB}_image.jpg`);
    expect(w["4"]!.inputs).toMatchObject({ image: `${JOB}_mask.png`, channel: "red" });
    const [image, mask] = await Promise.all(bound.images.map((i) => sizeOf(i.bytes)));
    expect(mask!.format).toBe("png");
    expect({ width: mask!.width, height: mask!.height }).toEqual({
      width: image!.width,
      height: image!.height,
    });
    expect(w["6"]!.inputs.text).toBe(
      "portrait photo of a man, defined masculine facial features, natural skin texture, realistic, detailed eyes",
    );
    expect(w["7"]!.inputs.text).toContain("feminine features");
    expect(w["9"]!.inputs).toMatchObject({ seed: 77, denoise: 0.8 });
  });

  it("maps the intensity range onto a denoise of 0.45–0.8", () => {
    expect(faceEditDenoise(0.45)).toBe(0.45);
    expect(faceEditDenoise(0.55)).toBe(0.8);
    expect(faceEditDenoise(0.49)).toBe(0.59);
  });
});

describe("bindImageEdit", () => {
  it("takes a single picture out of the unused slots and masks the whole picture when none is painted", async () => {
    const bound = await bindImageEdit(shipped("image-edit"), {
      jobId: JOB,
      prompt: "make it night",
      images: [{ bytes: await photo(1500, 1000), mask: null }],
      numImages: 2,
      seed: 9,
    });
    const w = bound.workflow;
    expect(w["8"]).toBeUndefined();
    expect(w["9"]).toBeUndefined();
    expect(Object.keys(w["12"]!.inputs).sort()).toEqual(["clip", "image1", "prompt", "vae"]);
    expect(Object.keys(w["13"]!.inputs).sort()).toEqual(["clip", "image1", "prompt", "vae"]);
    expect(bound.images.map((image) => image.name)).toEqual([`${JOB}_image1.jpg`, `${JOB}_mask.png`]);
    const first = await sizeOf(bound.images[0]!.bytes);
    expect(first.width! % 16).toBe(0);
    expect(first.height! % 16).toBe(0);
    const mask = await sharp(bound.images[1]!.bytes).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect({ width: mask.info.width, height: mask.info.height }).toEqual({
      width: first.width,
      height: first.height,
    });
    expect(mask.data.every((v) => v === 255)).toBe(true);
    expect(w["12"]!.inputs.prompt).toBe("make it night");
    expect(w["16"]!.inputs.amount).toBe(2);
    expect(w["17"]!.inputs.seed).toBe(9);
  });

  it("puts eight pictures into Qwen's three slots: two as they are, the rest as one collage the prompt names", async () => {
    const images = await Promise.all(
      ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#00ffff", "#ff00ff", "#808080", "#000000"].map(
        async (colour, i) => ({
          bytes: await photo(1200, 1000, colour),
          mask: i === 0 ? await maskWithBox(1200, 1000, { left: 100, top: 100, w: 300, h: 300 }) : null,
        }),
      ),
    );
    const bound = await bindImageEdit(shipped("image-edit"), {
      jobId: JOB,
      prompt: "dress the person in picture 1 in these clothes",
      images,
      numImages: 1,
      seed: 1,
    });
    expect(bound.images.map((image) => image.name)).toEqual([
      `${JOB}_image1.jpg`,
      `${JOB}_image2.jpg`,
      `${JOB}_image3.jpg`,
      `${JOB}_mask.png`,
    ]);
    expect(bound.slots).toEqual([[0], [1], [2, 3, 4, 5, 6, 7]]);
    expect(bound.workflow["12"]!.inputs.prompt).toBe(
      "dress the person in picture 1 in these clothes (picture 3 (a collage of 6 pictures, left to right, top to bottom) holds the extra reference pictures.)",
    );
    // The collage shows each of its pictures: its first cell is the third picture's blue.
    const collage = await sharp(bound.images[2]!.bytes).raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = collage.data.subarray(
      (Math.floor(collage.info.height / 6) * collage.info.width + Math.floor(collage.info.width / 6)) * 3,
    );
    expect(b! > 200 && r! < 60 && g! < 60).toBe(true);
    expect(collage.info.width * collage.info.height).toBeLessThanOrEqual(1024 * 1024);
    // Everything together stays far below RunPod's 10 MB /run body.
    const total = bound.images.reduce((sum, image) => sum + image.bytes.length, 0);
    expect((total * 4) / 3).toBeLessThan(9 * 1024 * 1024);
    // The painted mask arrives: black outside the box.
    const mask = await sharp(bound.images[3]!.bytes).greyscale().raw().toBuffer();
    expect(mask[mask.length - 1]).toBe(0);
  });

  it("crops a reference to the part its owner painted", async () => {
    const bound = await bindImageEdit(shipped("image-edit"), {
      jobId: JOB,
      prompt: "use this hat",
      images: [
        { bytes: await photo(1200, 1000), mask: null },
        {
          bytes: await photo(2000, 2000),
          mask: await maskWithBox(2000, 2000, { left: 1000, top: 1000, w: 400, h: 200 }),
        },
      ],
      numImages: 1,
      seed: 1,
    });
    const ref = await sizeOf(bound.images[1]!.bytes);
    // 400×200 and 15% on each side: 520×260, on the 8 px grid 520×256.
    expect({ width: ref.width, height: ref.height }).toEqual({ width: 520, height: 256 });
    expect(bound.workflow["9"]).toBeUndefined();
  });

  it("refuses a replaced workflow whose image slot feeds a required input", async () => {
    const workflow = JSON.parse(text("image-edit")) as TComfyWorkflow;
    workflow["21"] = { class_type: "VAEEncode", inputs: { pixels: ["9", 0], vae: ["6", 0] } };
    workflow["16"]!.inputs.samples = ["21", 0];
    const loaded = parseWorkflow("image-edit", JSON.stringify(workflow), "mine.json");
    await expect(
      bindImageEdit(loaded, {
        jobId: JOB,
        prompt: "x",
        images: [{ bytes: await photo(600, 600), mask: null }],
        numImages: 1,
        seed: 1,
      }),
    ).rejects.toThrow(
      /mine\.json: leaving out "gyeol:image3" removes "gyeol:sampler", "gyeol:batch", "gyeol:output" too/,
    );
  });
});

describe("bindGeneration", () => {
  it("sizes the latent by the aspect ratio and asks for the count in one batch", async () => {
    const bound = await bindGeneration(shipped("generation"), {
      jobId: JOB,
      prompt: "a cat in a hat",
      reference: null,
      characters: [],
      characterMode: "subject",
      aspectRatio: "16x9",
      numImages: 4,
      seed: 5,
    });
    const latent = nodeTitled(bound.workflow, "gyeol:latent")!;
    expect(latent.inputs).toMatchObject({ ...QWEN_SIZES["16x9"], batch_size: 4 });
    expect(latent.inputs).toMatchObject({ width: 1664, height: 928 });
    expect(bound.images).toEqual([]);
    for (const id of ["7", "8", "9"]) expect(bound.workflow[id]).toBeUndefined();
    expect(nodeTitled(bound.workflow, "gyeol:prompt")!.inputs.prompt).toBe("a cat in a hat");
    expect(nodeTitled(bound.workflow, "gyeol:sampler")!.inputs.seed).toBe(5);
  });

  it("gives the reference and four characters three slots, the prompt saying which is which", async () => {
    const bound = await bindGeneration(shipped("generation"), {
      jobId: JOB,
      prompt: "the two friends at the beach",
      reference: await photo(1000, 800, "#ffffff"),
      characters: await Promise.all(
        ["#ff0000", "#00ff00", "#0000ff", "#000000"].map((c) => photo(600, 900, c)),
      ),
      characterMode: "face",
      aspectRatio: "3x4",
      numImages: 1,
      seed: 5,
    });
    expect(bound.slots).toEqual([[0], [1], [2, 3, 4]]);
    expect(bound.images.map((image) => image.name)).toEqual([
      `${JOB}_image1.jpg`,
      `${JOB}_image2.jpg`,
      `${JOB}_image3.jpg`,
    ]);
    expect(nodeTitled(bound.workflow, "gyeol:prompt")!.inputs.prompt).toBe(
      "the two friends at the beach picture 1 is the reference image; picture 2 shows a character; picture 3 (a collage of 3 pictures, left to right, top to bottom) shows characters. Keep the face of each character.",
    );
    expect(nodeTitled(bound.workflow, "gyeol:latent")!.inputs).toMatchObject({ width: 1104, height: 1472 });
  });
});

describe("WorkflowFileError", () => {
  it("is what a bad file throws (the config turns it into a boot error)", () => {
    expect(() => parseWorkflow("face-edit", "{}", "f.json")).toThrow(WorkflowFileError);
  });
});
