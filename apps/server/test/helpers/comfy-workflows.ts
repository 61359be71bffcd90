/**
 * Workflows and images for the ComfyUI runner tests (issue 25): CONTRACTS.md §7.5 example A (a
 * masked SDXL face edit) with a 2× model upscale after it, bound to a job's upload names.
 */
import sharp from "sharp";
import type { TComfyWorkflow } from "../../src/drivers/comfyui/comfy-runner.ts";

export async function portraitPng(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#c96" } })
    .png()
    .toBuffer();
}

/** A red-channel mask: white (edit) in the left half, black elsewhere. */
export async function halfMaskPng(width = 64, height = 48): Promise<Buffer> {
  const white = await sharp({ create: { width: width / 2, height, channels: 3, background: "#fff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#000" } })
    .composite([{ input: white, left: 0, top: 0 }])
    .png()
    .toBuffer();
}

export function faceEditWorkflow(
  names: { src: string; mask: string },
  overrides: { ckpt?: string; upscaler?: string; steps?: number; seed?: number } = {},
): TComfyWorkflow {
  return {
    "1": {
      class_type: "CheckpointLoaderSimple",
      inputs: { ckpt_name: overrides.ckpt ?? "sd_xl_base_1.0.safetensors" },
    },
    "2": { class_type: "LoadImage", inputs: { image: names.src } },
    "3": { class_type: "LoadImageMask", inputs: { image: names.mask, channel: "red" } },
    "4": { class_type: "GrowMask", inputs: { mask: ["3", 0], expand: 2, tapered_corners: true } },
    "5": { class_type: "CLIPTextEncode", inputs: { clip: ["1", 1], text: "photo of a face, natural skin" } },
    "6": { class_type: "CLIPTextEncode", inputs: { clip: ["1", 1], text: "blurry, deformed" } },
    "7": { class_type: "VAEEncode", inputs: { pixels: ["2", 0], vae: ["1", 2] } },
    "8": { class_type: "SetLatentNoiseMask", inputs: { samples: ["7", 0], mask: ["4", 0] } },
    "9": {
      class_type: "KSampler",
      inputs: {
        model: ["1", 0],
        positive: ["5", 0],
        negative: ["6", 0],
        latent_image: ["8", 0],
        seed: overrides.seed ?? 42,
        steps: overrides.steps ?? 4,
        cfg: 5.5,
        sampler_name: "dpmpp_2m",
        scheduler: "karras",
        denoise: 0.8,
      },
    },
    "10": { class_type: "VAEDecode", inputs: { samples: ["9", 0], vae: ["1", 2] } },
    "11": {
      class_type: "ImageCompositeMasked",
      inputs: { destination: ["2", 0], source: ["10", 0], x: 0, y: 0, resize_source: false, mask: ["4", 0] },
    },
    "12": {
      class_type: "UpscaleModelLoader",
      inputs: { model_name: overrides.upscaler ?? "RealESRGAN_x2plus.pth" },
    },
    "13": { class_type: "ImageUpscaleWithModel", inputs: { upscale_model: ["12", 0], image: ["11", 0] } },
    "14": { class_type: "SaveImage", inputs: { images: ["13", 0], filename_prefix: "gyeol/job" } },
  };
}

/** The RGB of one pixel of a PNG/JPEG. */
export async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}
