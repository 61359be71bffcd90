/**
 * The shared core of the ComfyUI contract fakes (issue 25): the node table `/object_info` serves,
 * the prompt validation of ComfyUI's execution.py (`validate_prompt` / `validate_inputs`) and a
 * cheap executor that returns REAL images through sharp. The ComfyUI server fake
 * (comfyui-server.fake.ts) and RunPod's worker-comfyui fake (runpod-comfyui-worker.fake.ts) both
 * run prompts through it, so a workflow file that passes one passes the other.
 *
 * What the executor does per node (enough that a result visibly depends on the input):
 * - loaders (checkpoint, UNET, CLIP, VAE, LoRA, upscale model) pass a handle; an upscale model's
 *   factor comes from its file name (`RealESRGAN_x2plus.pth` → 2, `4x-…` → 4);
 * - LoadImage yields the uploaded image and its MASK (1 − alpha, or a 64×64 zero mask without
 *   alpha); LoadImageMask the chosen channel (alpha → 1 − alpha);
 * - ImageScale / ImageScaleBy / ImageScaleToTotalPixels / FluxKontextImageScale /
 *   ImageUpscaleWithModel resize; ImageCompositeMasked composites through the mask; GrowMask
 *   dilates or erodes; ImageStitch places image2 beside image1;
 * - VAEEncode keeps the pixels as the "latent"; EmptyLatentImage / EmptySD3LatentImage a size ×
 *   batch without pixels; KSampler tints every frame towards a colour seeded by (seed, prompt) by
 *   0.35 × denoise (only under the noise mask when one is set), or paints a seeded gradient for an
 *   empty latent; VAEDecode returns the frames;
 * - SaveImage writes PNGs (`<prefix>_00001_.png`, type output); PreviewImage type temp.
 */
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";

export type TModelFolder = "checkpoints" | "loras" | "unet" | "clip" | "vae" | "upscale_models";
export type TInstalledModels = Record<TModelFolder, string[]>;

export const DEFAULT_INSTALLED_MODELS: TInstalledModels = {
  checkpoints: ["sd_xl_base_1.0.safetensors", "sd_xl_base_1.0_inpainting_0.1.safetensors"],
  loras: ["Qwen-Image-Edit-2509-Lightning-4steps-V1.0-bf16.safetensors"],
  unet: ["qwen_image_edit_2509_fp8_e4m3fn.safetensors", "sdxl_inpainting_0.1.safetensors"],
  clip: ["qwen_2.5_vl_7b_fp8_scaled.safetensors"],
  vae: ["qwen_image_vae.safetensors", "sdxl_vae.safetensors"],
  upscale_models: ["RealESRGAN_x2plus.pth", "RealESRGAN_x4plus.pth"],
};

// ---------------------------------------------------------------------------------------------
// The node table (object_info)

type TInputSpec = [string | string[], Record<string, unknown>?];
interface NodeDef {
  required: Record<string, TInputSpec>;
  optional?: Record<string, TInputSpec>;
  output: string[];
  outputNode?: boolean;
  category: string;
  /** Inputs whose value the node checks itself (ComfyUI's VALIDATE_INPUTS): no combo check. */
  validate?: (inputs: Record<string, unknown>, files: ReadonlySet<string>) => string | true;
}

const INT = (min: number, max: number, def = min): TInputSpec => ["INT", { default: def, min, max }];
const FLOAT = (min: number, max: number, def = min): TInputSpec => [
  "FLOAT",
  { default: def, min, max, step: 0.01 },
];
const STRING: TInputSpec = ["STRING", { multiline: true }];
const BOOLEAN: TInputSpec = ["BOOLEAN", { default: false }];
const T = (type: string): TInputSpec => [type];

/** comfy/samplers.py (Comfy-Org/ComfyUI a125cd84) SAMPLER_NAMES and SCHEDULER_NAMES. */
export const SAMPLERS = [
  ...["euler", "euler_cfg_pp", "euler_ancestral", "euler_ancestral_cfg_pp", "heun", "heunpp2", "dpm_2"],
  ...[
    "dpm_2_ancestral",
    "lms",
    "dpm_fast",
    "dpm_adaptive",
    "dpmpp_2s_ancestral",
    "dpmpp_2s_ancestral_cfg_pp",
  ],
  ...["dpmpp_sde", "dpmpp_sde_gpu", "dpmpp_2m", "dpmpp_2m_cfg_pp", "dpmpp_2m_sde", "dpmpp_2m_sde_gpu"],
  ...[
    "dpmpp_2m_sde_heun",
    "dpmpp_2m_sde_heun_gpu",
    "dpmpp_3m_sde",
    "dpmpp_3m_sde_gpu",
    "ddpm",
    "lcm",
    "ipndm",
  ],
  ...["ipndm_v", "deis", "res_multistep", "res_multistep_cfg_pp", "res_multistep_ancestral"],
  ...[
    "res_multistep_ancestral_cfg_pp",
    "gradient_estimation",
    "gradient_estimation_cfg_pp",
    "er_sde",
    "seeds_2",
  ],
  ...["seeds_3", "sa_solver", "sa_solver_pece", "ddim", "uni_pc", "uni_pc_bh2"],
];
export const SCHEDULERS = [
  ...["simple", "sgm_uniform", "karras", "exponential", "ddim_uniform", "beta", "normal", "linear_quadratic"],
  "kl_optimal",
];
const UPSCALE_METHODS = ["nearest-exact", "bilinear", "area", "bicubic", "lanczos"];
const CLIP_TYPES = [
  ...[
    "stable_diffusion",
    "stable_cascade",
    "sd3",
    "stable_audio",
    "mochi",
    "ltxv",
    "pixart",
    "cosmos",
    "lumina2",
  ],
  ...["wan", "hidream", "chroma", "ace", "omnigen2", "qwen_image", "hunyuan_image"],
];
const MAX_RES = 16384;

const imageExists = (key: string) => (inputs: Record<string, unknown>, files: ReadonlySet<string>) =>
  files.has(String(inputs[key])) ? true : `Invalid image file: ${String(inputs[key])}`;

function nodeDefs(models: TInstalledModels, files: readonly string[]): Record<string, NodeDef> {
  const inputFiles = [...files].sort();
  return {
    CheckpointLoaderSimple: {
      required: { ckpt_name: [models.checkpoints] },
      output: ["MODEL", "CLIP", "VAE"],
      category: "loaders",
    },
    LoraLoader: {
      required: {
        model: T("MODEL"),
        clip: T("CLIP"),
        lora_name: [models.loras],
        strength_model: FLOAT(-100, 100, 1),
        strength_clip: FLOAT(-100, 100, 1),
      },
      output: ["MODEL", "CLIP"],
      category: "loaders",
    },
    LoraLoaderModelOnly: {
      required: { model: T("MODEL"), lora_name: [models.loras], strength_model: FLOAT(-100, 100, 1) },
      output: ["MODEL"],
      category: "loaders",
    },
    UNETLoader: {
      required: {
        unet_name: [models.unet],
        weight_dtype: [["default", "fp8_e4m3fn", "fp8_e4m3fn_fast", "fp8_e5m2"]],
      },
      output: ["MODEL"],
      category: "advanced/loaders",
    },
    CLIPLoader: {
      required: { clip_name: [models.clip], type: [CLIP_TYPES] },
      optional: { device: [["default", "cpu"], { advanced: true }] },
      output: ["CLIP"],
      category: "advanced/loaders",
    },
    VAELoader: { required: { vae_name: [models.vae] }, output: ["VAE"], category: "loaders" },
    UpscaleModelLoader: {
      required: { model_name: [models.upscale_models] },
      output: ["UPSCALE_MODEL"],
      category: "loaders",
    },
    CLIPTextEncode: {
      required: { text: STRING, clip: T("CLIP") },
      output: ["CONDITIONING"],
      category: "conditioning",
    },
    TextEncodeQwenImageEdit: {
      required: { clip: T("CLIP"), prompt: STRING },
      optional: { vae: T("VAE"), image: T("IMAGE") },
      output: ["CONDITIONING"],
      category: "advanced/conditioning",
    },
    TextEncodeQwenImageEditPlus: {
      required: { clip: T("CLIP"), prompt: STRING },
      optional: { vae: T("VAE"), image1: T("IMAGE"), image2: T("IMAGE"), image3: T("IMAGE") },
      output: ["CONDITIONING"],
      category: "advanced/conditioning",
    },
    ReferenceLatent: {
      required: { conditioning: T("CONDITIONING") },
      optional: { latent: T("LATENT") },
      output: ["CONDITIONING"],
      category: "advanced/conditioning/edit_models",
    },
    FluxGuidance: {
      required: { conditioning: T("CONDITIONING"), guidance: FLOAT(0, 100, 3.5) },
      output: ["CONDITIONING"],
      category: "advanced/conditioning/flux",
    },
    ConditioningZeroOut: {
      required: { conditioning: T("CONDITIONING") },
      output: ["CONDITIONING"],
      category: "advanced/conditioning",
    },
    ModelSamplingAuraFlow: {
      required: { model: T("MODEL"), shift: FLOAT(0, 100, 1.73) },
      output: ["MODEL"],
      category: "advanced/model",
    },
    CFGNorm: {
      required: { model: T("MODEL"), strength: FLOAT(0, 100, 1) },
      output: ["MODEL"],
      category: "advanced/guidance",
    },
    LoadImage: {
      required: { image: [inputFiles, { image_upload: true }] },
      output: ["IMAGE", "MASK"],
      category: "image",
      validate: imageExists("image"),
    },
    LoadImageMask: {
      required: { image: [inputFiles, { image_upload: true }], channel: [["alpha", "red", "green", "blue"]] },
      output: ["MASK"],
      category: "mask",
      validate: imageExists("image"),
    },
    ImageScale: {
      required: {
        image: T("IMAGE"),
        upscale_method: [UPSCALE_METHODS],
        width: INT(0, MAX_RES, 512),
        height: INT(0, MAX_RES, 512),
        crop: [["disabled", "center"]],
      },
      output: ["IMAGE"],
      category: "image/upscaling",
    },
    ImageScaleBy: {
      required: { image: T("IMAGE"), upscale_method: [UPSCALE_METHODS], scale_by: FLOAT(0.01, 8, 1) },
      output: ["IMAGE"],
      category: "image/upscaling",
    },
    ImageScaleToTotalPixels: {
      required: {
        image: T("IMAGE"),
        upscale_method: [UPSCALE_METHODS],
        megapixels: FLOAT(0.01, 16, 1),
        resolution_steps: INT(1, 256, 1),
      },
      output: ["IMAGE"],
      category: "image/upscaling",
    },
    FluxKontextImageScale: {
      required: { image: T("IMAGE") },
      output: ["IMAGE"],
      category: "advanced/conditioning/flux",
    },
    ImageUpscaleWithModel: {
      required: { upscale_model: T("UPSCALE_MODEL"), image: T("IMAGE") },
      output: ["IMAGE"],
      category: "image/upscaling",
    },
    ImageCompositeMasked: {
      required: {
        destination: T("IMAGE"),
        source: T("IMAGE"),
        x: INT(0, MAX_RES, 0),
        y: INT(0, MAX_RES, 0),
        resize_source: BOOLEAN,
      },
      optional: { mask: T("MASK") },
      output: ["IMAGE"],
      category: "image",
    },
    ImageStitch: {
      required: {
        image1: T("IMAGE"),
        direction: [["right", "down", "left", "up"]],
        match_image_size: BOOLEAN,
        spacing_width: INT(0, 1024, 0),
        spacing_color: [["white", "black", "red", "green", "blue"]],
      },
      optional: { image2: T("IMAGE") },
      output: ["IMAGE"],
      category: "image/transform",
    },
    GrowMask: {
      required: { mask: T("MASK"), expand: INT(-MAX_RES, MAX_RES, 0), tapered_corners: BOOLEAN },
      output: ["MASK"],
      category: "mask",
    },
    InvertMask: { required: { mask: T("MASK") }, output: ["MASK"], category: "mask" },
    ImageToMask: {
      required: { image: T("IMAGE"), channel: [["red", "green", "blue", "alpha"]] },
      output: ["MASK"],
      category: "mask",
    },
    MaskToImage: { required: { mask: T("MASK") }, output: ["IMAGE"], category: "mask" },
    VAEEncode: { required: { pixels: T("IMAGE"), vae: T("VAE") }, output: ["LATENT"], category: "latent" },
    VAEDecode: { required: { samples: T("LATENT"), vae: T("VAE") }, output: ["IMAGE"], category: "latent" },
    VAEEncodeForInpaint: {
      required: { pixels: T("IMAGE"), vae: T("VAE"), mask: T("MASK"), grow_mask_by: INT(0, 64, 6) },
      output: ["LATENT"],
      category: "latent/inpaint",
    },
    SetLatentNoiseMask: {
      required: { samples: T("LATENT"), mask: T("MASK") },
      output: ["LATENT"],
      category: "latent/inpaint",
    },
    InpaintModelConditioning: {
      required: {
        positive: T("CONDITIONING"),
        negative: T("CONDITIONING"),
        vae: T("VAE"),
        pixels: T("IMAGE"),
        mask: T("MASK"),
        noise_mask: ["BOOLEAN", { default: true }],
      },
      output: ["CONDITIONING", "CONDITIONING", "LATENT"],
      category: "conditioning/inpaint",
    },
    EmptyLatentImage: {
      required: { width: INT(16, MAX_RES, 512), height: INT(16, MAX_RES, 512), batch_size: INT(1, 4096, 1) },
      output: ["LATENT"],
      category: "latent",
    },
    EmptySD3LatentImage: {
      required: {
        width: INT(16, MAX_RES, 1024),
        height: INT(16, MAX_RES, 1024),
        batch_size: INT(1, 4096, 1),
      },
      output: ["LATENT"],
      category: "latent/sd3",
    },
    RepeatLatentBatch: {
      required: { samples: T("LATENT"), amount: INT(1, 64, 1) },
      output: ["LATENT"],
      category: "latent/batch",
    },
    KSampler: {
      required: {
        model: T("MODEL"),
        seed: [
          "INT",
          {
            default: 0,
            min: 0,
            max: 2 ** 64 - 1 /* 0xffffffffffffffff, as near as a double gets */,
            control_after_generate: true,
          },
        ],
        steps: INT(1, 10000, 20),
        cfg: FLOAT(0, 100, 8),
        sampler_name: [SAMPLERS],
        scheduler: [SCHEDULERS],
        positive: T("CONDITIONING"),
        negative: T("CONDITIONING"),
        latent_image: T("LATENT"),
        denoise: FLOAT(0, 1, 1),
      },
      output: ["LATENT"],
      category: "sampling",
    },
    SaveImage: {
      required: { images: T("IMAGE"), filename_prefix: ["STRING", { default: "ComfyUI" }] },
      output: [],
      outputNode: true,
      category: "image",
    },
    PreviewImage: { required: { images: T("IMAGE") }, output: [], outputNode: true, category: "image" },
  };
}

/** `GET /object_info` in ComfyUI's shape for the node types above. */
export function objectInfo(models: TInstalledModels, files: readonly string[]): Record<string, unknown> {
  const info: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(nodeDefs(models, files))) {
    info[name] = {
      input: { required: def.required, ...(def.optional ? { optional: def.optional } : {}) },
      input_order: {
        required: Object.keys(def.required),
        ...(def.optional ? { optional: Object.keys(def.optional) } : {}),
      },
      output: def.output,
      output_is_list: def.output.map(() => false),
      output_name: def.output,
      name,
      display_name: name,
      description: "",
      python_module: def.category.startsWith("advanced") ? "comfy_extras" : "nodes",
      category: def.category,
      output_node: def.outputNode ?? false,
    };
  }
  return info;
}

// ---------------------------------------------------------------------------------------------
// Validation (execution.py validate_prompt / validate_inputs)

export interface TComfyNodeError {
  type: string;
  message: string;
  details: string;
  extra_info: Record<string, unknown>;
}
export type TPrompt = Record<string, { class_type?: unknown; inputs?: Record<string, unknown> }>;

export type TValidation =
  | { ok: true; outputs: string[]; nodeErrors: Record<string, unknown> }
  | { ok: false; error: TComfyNodeError; nodeErrors: Record<string, unknown> };

const isLink = (value: unknown): value is unknown[] => Array.isArray(value);

export function validatePrompt(
  prompt: unknown,
  models: TInstalledModels,
  files: ReadonlySet<string>,
): TValidation {
  const defs = nodeDefs(models, [...files]);
  const fail = (type: string, message: string, details = ""): TValidation => ({
    ok: false,
    error: { type, message, details, extra_info: {} },
    nodeErrors: {},
  });
  if (!prompt || typeof prompt !== "object" || Array.isArray(prompt))
    return fail("invalid_prompt", "Cannot execute because the prompt is not an object.");
  const nodes = prompt as TPrompt;
  const outputs: string[] = [];
  for (const [id, node] of Object.entries(nodes)) {
    if (!node || typeof node !== "object" || typeof node.class_type !== "string")
      return fail(
        "invalid_prompt",
        "Cannot execute because a node is missing the class_type property.",
        `Node ID '#${id}'`,
      );
    const def = defs[node.class_type];
    if (!def)
      return fail(
        "invalid_prompt",
        `Cannot execute because node ${node.class_type} does not exist.`,
        `Node ID '#${id}'`,
      );
    if (def.outputNode) outputs.push(id);
  }
  if (outputs.length === 0) return fail("prompt_no_outputs", "Prompt has no outputs");

  // validate_inputs: a node's result is cached in `validated` (valid, its own errors). A link to a
  // node that does not exist or an output it does not have raises in Python (KeyError /
  // IndexError); the caller records that on the linking node as exception_during_inner_validation,
  // or validate_prompt on the output node as exception_during_validation.
  const validated = new Map<string, { valid: boolean; errors: TComfyNodeError[] }>();
  const validateNode = (id: string): boolean => {
    const known = validated.get(id);
    if (known) return known.valid;
    const errors: TComfyNodeError[] = [];
    const node = nodes[id]!;
    const def = defs[node.class_type as string]!;
    const inputs = node.inputs ?? {};
    let valid = true;
    const all: Array<[string, TInputSpec, boolean]> = [
      ...Object.entries(def.required).map(([k, v]) => [k, v, true] as [string, TInputSpec, boolean]),
      ...Object.entries(def.optional ?? {}).map(([k, v]) => [k, v, false] as [string, TInputSpec, boolean]),
    ];
    const error = (type: string, message: string, details: string, extra: Record<string, unknown>) =>
      errors.push({ type, message, details, extra_info: extra });
    const selfValidated = new Set(def.validate ? ["image"] : []);
    for (const [name, spec, required] of all) {
      const value = inputs[name];
      const [type, options = {}] = spec;
      if (value === undefined) {
        if (required)
          error("required_input_missing", "Required input is missing", name, { input_name: name });
        continue;
      }
      if (isLink(value)) {
        if (value.length !== 2) {
          error(
            "bad_linked_input",
            "Bad linked input, must be a length-2 list of [node_id, slot_index]",
            name,
            {
              input_name: name,
              input_config: spec,
              received_value: value,
            },
          );
          continue;
        }
        const [fromId, slot] = value;
        const from = typeof fromId === "string" ? nodes[fromId] : undefined;
        if (!from) throw new ValidationException(`'${String(fromId)}'`);
        const fromDef = defs[from.class_type as string]!;
        if (typeof slot !== "number" || !Number.isInteger(slot))
          throw new ValidationException(
            `tuple indices must be integers or slices, not ${typeof slot === "string" ? "str" : typeof slot}`,
          );
        const received = fromDef.output.at(slot);
        if (received === undefined) throw new ValidationException("tuple index out of range");
        const expected = Array.isArray(type) ? "COMBO" : type;
        if (received !== expected && expected !== "*" && received !== "*") {
          error(
            "return_type_mismatch",
            "Return type mismatch between linked nodes",
            `${name}, received_type(${received}) mismatch input_type(${expected})`,
            { input_name: name, input_config: spec, received_type: received, linked_node: value },
          );
          continue;
        }
        try {
          if (!validateNode(fromId as string)) valid = false;
        } catch (exception) {
          if (!(exception instanceof ValidationException)) throw exception;
          valid = false;
          validated.set(fromId as string, {
            valid: false,
            errors: [
              {
                type: "exception_during_inner_validation",
                message: "Exception when validating inner node",
                details: exception.message,
                extra_info: { input_name: name, exception_message: exception.message, linked_node: value },
              },
            ],
          });
        }
        continue;
      }
      let converted: unknown = value;
      if (type === "INT" || type === "FLOAT") {
        // Python's int(val) / float(val): booleans and numeric strings convert, anything else raises.
        const text = typeof value === "string" ? value.trim() : null;
        const number =
          typeof value === "number"
            ? value
            : typeof value === "boolean"
              ? Number(value)
              : text !== null &&
                  (type === "INT" ? /^[+-]?\d+$/ : /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i).test(text)
                ? Number(text)
                : Number.NaN;
        if (Number.isNaN(number)) {
          error(
            "invalid_input_type",
            `Failed to convert an input value to a ${type} value`,
            `${name}, ${String(value)}, invalid literal for ${type === "INT" ? "int() with base 10" : "float()"}: '${String(value)}'`,
            { input_name: name, input_config: spec, received_value: value },
          );
          continue;
        }
        converted = type === "INT" ? Math.trunc(number) : number;
      }
      if (selfValidated.has(name)) continue;
      const { min, max } = options as { min?: number; max?: number };
      if (min !== undefined && (converted as number) < min) {
        error("value_smaller_than_min", `Value ${String(converted)} smaller than min of ${min}`, name, {
          input_name: name,
          input_config: spec,
          received_value: converted,
        });
        continue;
      }
      if (max !== undefined && (converted as number) > max) {
        error("value_bigger_than_max", `Value ${String(converted)} bigger than max of ${max}`, name, {
          input_name: name,
          input_config: spec,
          received_value: converted,
        });
        continue;
      }
      if (Array.isArray(type) && !type.includes(converted as string)) {
        const long = type.length > 20;
        const listInfo = long
          ? `(list of length ${type.length})`
          : `[${type.map((v) => `'${v}'`).join(", ")}]`;
        error(
          "value_not_in_list",
          "Value not in list",
          `${name}: '${String(converted)}' not in ${listInfo}`,
          {
            input_name: name,
            input_config: long ? null : spec,
            received_value: converted,
          },
        );
      }
    }
    if (def.validate) {
      const verdict = def.validate(inputs, files);
      if (verdict !== true)
        error("custom_validation_failed", "Custom validation failed for node", `image - ${verdict}`, {
          input_name: "image",
        });
    }
    const result = { valid: errors.length === 0 && valid, errors };
    validated.set(id, result);
    return result.valid;
  };

  const good: string[] = [];
  const failed: TComfyNodeError[] = [];
  const nodeErrors: Record<
    string,
    { errors: TComfyNodeError[]; dependent_outputs: string[]; class_type: string }
  > = {};
  for (const output of outputs) {
    let valid: boolean;
    try {
      valid = validateNode(output);
    } catch (exception) {
      if (!(exception instanceof ValidationException)) throw exception;
      valid = false;
      validated.set(output, {
        valid: false,
        errors: [
          {
            type: "exception_during_validation",
            message: "Exception when validating node",
            details: exception.message,
            extra_info: { exception_type: exception.exceptionType },
          },
        ],
      });
    }
    if (valid) {
      good.push(output);
      continue;
    }
    failed.push(...validated.get(output)!.errors);
    // As execution.py does: every invalid node with errors of its own seen so far names this output.
    for (const [id, result] of validated) {
      if (result.valid || result.errors.length === 0) continue;
      nodeErrors[id] ??= {
        errors: result.errors,
        dependent_outputs: [],
        class_type: String(nodes[id]!.class_type),
      };
      nodeErrors[id].dependent_outputs.push(output);
    }
  }
  if (good.length === 0) {
    const details = failed.map((e) => `${e.message}: ${e.details}`).join("\n");
    return {
      ok: false,
      error: {
        type: "prompt_outputs_failed_validation",
        message: "Prompt outputs failed validation",
        details,
        extra_info: {},
      },
      nodeErrors,
    };
  }
  return { ok: true, outputs: good, nodeErrors };
}

/** A Python exception raised while validating a link (KeyError, IndexError, TypeError). */
class ValidationException extends Error {
  readonly exceptionType: string;
  constructor(message: string) {
    super(message);
    this.exceptionType = message.startsWith("'")
      ? "KeyError"
      : message.startsWith("tuple index")
        ? "IndexError"
        : "TypeError";
  }
}

/** The nodes an output needs, dependencies first (the order the fake executes them). */
export function executionOrder(prompt: TPrompt, outputs: readonly string[]): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const value of Object.values(prompt[id]?.inputs ?? {}))
      if (isLink(value) && typeof value[0] === "string") visit(value[0]);
    order.push(id);
  };
  for (const id of outputs) visit(id);
  return order;
}

// ---------------------------------------------------------------------------------------------
// Execution

interface Frame {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  data: Buffer;
}
interface Mask {
  width: number;
  height: number;
  /** 1 byte a pixel, 255 = 1.0. */
  data: Buffer;
}
interface Latent {
  width: number;
  height: number;
  batch: number;
  frames: Frame[] | null;
  noiseMask: Mask | null;
}
interface Conditioning {
  text: string;
}
type TValue = Frame[] | Mask | Latent | Conditioning | { model: string } | { factor: number } | null;

/** A node raised (ComfyUI's execution_error). */
export class NodeExecutionError extends Error {
  constructor(
    readonly nodeId: string,
    readonly nodeType: string,
    readonly exceptionType: string,
    message: string,
  ) {
    super(message);
  }
}
/** The prompt was interrupted (ComfyUI's execution_interrupted). */
export class ExecutionInterrupted extends Error {
  constructor(
    readonly nodeId: string,
    readonly nodeType: string,
  ) {
    super("Processing interrupted");
  }
}

export const OOM_MESSAGE =
  "Allocation on device 0 would exceed allowed memory. (out of memory)\nCurrently allocated     : 22.31 GiB\n" +
  "Requested               : 1.50 GiB\nDevice limit            : 23.55 GiB\nFree (according to CUDA): 0 bytes\n" +
  "PyTorch limit (set by user-supplied memory fraction)\n                        : 17179869184.00 GiB\n" +
  "This error means you ran out of memory on your GPU.\n\nTIPS: If the workflow worked before you might have " +
  "accidentally set the batch_size to a large number.";

export interface ExecuteHooks {
  /** Before each node runs (the fake sends `executing`); may throw to fail or interrupt it. */
  executing(nodeId: string, classType: string): Promise<void>;
  /** A sampler step (the fake sends `progress` and waits its step delay); may throw. */
  progress(nodeId: string, classType: string, value: number, max: number): Promise<void>;
  /** An output node finished with its UI images (the fake sends `executed`). */
  executed(nodeId: string, images: TSavedImage[]): void;
  /** An uploaded input file by name. */
  readInput(name: string): Buffer | undefined;
  /** Stores a saved image; answers its name as /view knows it. */
  save(prefix: string, png: Buffer, type: "output" | "temp"): TSavedImage;
}
export interface TSavedImage {
  filename: string;
  subfolder: string;
  type: "output" | "temp" | "input";
}

const raw = (frame: Frame) =>
  sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } });
const rawMask = (mask: Mask) =>
  sharp(mask.data, { raw: { width: mask.width, height: mask.height, channels: 1 } });

async function toFrame(image: Sharp): Promise<Frame> {
  const { data, info } = await image
    .removeAlpha()
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data };
}
async function resizeFrame(frame: Frame, width: number, height: number): Promise<Frame> {
  if (frame.width === width && frame.height === height) return frame;
  return toFrame(raw(frame).resize(Math.max(1, width), Math.max(1, height), { fit: "fill" }));
}
async function resizeMask(mask: Mask, width: number, height: number): Promise<Mask> {
  if (mask.width === width && mask.height === height) return mask;
  const { data } = await rawMask(mask)
    .resize(width, height, { fit: "fill" })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width, height, data };
}
function seededColour(seed: number, text: string): [number, number, number] {
  const hash = createHash("sha256").update(`${seed}:${text}`).digest();
  return [hash[0]!, hash[1]!, hash[2]!];
}
function gradient(width: number, height: number, a: number[], b: number[]): Frame {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x + y) / Math.max(1, width + height - 2);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) data[i + c] = Math.round(a[c]! * (1 - t) + b[c]! * t);
    }
  return { width, height, data };
}
const num = (value: unknown) => Number(value);

/**
 * Runs a validated prompt's output nodes. Throws NodeExecutionError / ExecutionInterrupted from
 * the hooks or a node; answers the UI output of each output node.
 */
export async function executePrompt(
  prompt: TPrompt,
  outputs: readonly string[],
  hooks: ExecuteHooks,
): Promise<Record<string, { images: TSavedImage[] }>> {
  const values = new Map<string, TValue[]>();
  const ui: Record<string, { images: TSavedImage[] }> = {};
  for (const id of executionOrder(prompt, outputs)) {
    const node = prompt[id]!;
    const type = String(node.class_type);
    await hooks.executing(id, type);
    const inputs = node.inputs ?? {};
    const get = <V extends TValue>(name: string): V => {
      const value = inputs[name];
      if (isLink(value)) return values.get(String(value[0]))![Number(value[1])] as V;
      return value as V;
    };
    const has = (name: string) => inputs[name] !== undefined;
    try {
      values.set(id, await runNode(id, type, inputs, get, has, hooks, ui));
    } catch (error) {
      if (error instanceof NodeExecutionError || error instanceof ExecutionInterrupted) throw error;
      throw new NodeExecutionError(
        id,
        type,
        "RuntimeError",
        error instanceof Error ? error.message : String(error),
      );
    }
  }
  return ui;
}

async function runNode(
  id: string,
  type: string,
  inputs: Record<string, unknown>,
  get: <V extends TValue>(name: string) => V,
  has: (name: string) => boolean,
  hooks: ExecuteHooks,
  ui: Record<string, { images: TSavedImage[] }>,
): Promise<TValue[]> {
  const images = (name: string) => get<Frame[]>(name);
  switch (type) {
    case "CheckpointLoaderSimple":
      return [
        { model: String(inputs.ckpt_name) },
        { model: String(inputs.ckpt_name) },
        { model: String(inputs.ckpt_name) },
      ];
    case "UNETLoader":
      return [{ model: String(inputs.unet_name) }];
    case "CLIPLoader":
      return [{ model: String(inputs.clip_name) }];
    case "VAELoader":
      return [{ model: String(inputs.vae_name) }];
    case "LoraLoader":
      return [get("model"), get("clip")];
    case "LoraLoaderModelOnly":
    case "ModelSamplingAuraFlow":
    case "CFGNorm":
      return [get("model")];
    case "UpscaleModelLoader": {
      const name = String(inputs.model_name);
      const match = name.match(/x(\d)(?!\d)/i) ?? name.match(/(?<!\d)(\d)x/i);
      return [{ factor: match ? Number(match[1]) : 4 }];
    }
    case "CLIPTextEncode":
      return [{ text: String(inputs.text) }];
    case "TextEncodeQwenImageEdit":
    case "TextEncodeQwenImageEditPlus":
      return [{ text: String(inputs.prompt) }];
    case "ReferenceLatent":
    case "FluxGuidance":
      return [get("conditioning")];
    case "ConditioningZeroOut":
      return [{ text: "" }];
    case "LoadImage": {
      const bytes = hooks.readInput(String(inputs.image));
      if (!bytes) throw new Error(`Invalid image file: ${String(inputs.image)}`);
      const decoded = sharp(bytes).rotate();
      const meta = await sharp(bytes).metadata();
      const frame = await toFrame(decoded.clone());
      let mask: Mask = { width: 64, height: 64, data: Buffer.alloc(64 * 64) };
      if (meta.hasAlpha) {
        const { data } = await decoded
          .clone()
          .ensureAlpha()
          .extractChannel(3)
          .raw()
          .toBuffer({ resolveWithObject: true });
        mask = { width: frame.width, height: frame.height, data: Buffer.from(data.map((a) => 255 - a)) };
      }
      return [[frame], mask];
    }
    case "LoadImageMask": {
      const bytes = hooks.readInput(String(inputs.image));
      if (!bytes) throw new Error(`Invalid image file: ${String(inputs.image)}`);
      const channel = String(inputs.channel);
      const { data, info } = await sharp(bytes)
        .rotate()
        .ensureAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const index = { red: 0, green: 1, blue: 2, alpha: 3 }[channel] ?? 3;
      const out = Buffer.alloc(info.width * info.height);
      for (let i = 0; i < out.length; i++) {
        const v = data[i * 4 + index]!;
        out[i] = index === 3 ? 255 - v : v;
      }
      return [{ width: info.width, height: info.height, data: out }];
    }
    case "ImageScale": {
      const frames = images("image");
      const out: Frame[] = [];
      for (const frame of frames) {
        let width = num(inputs.width);
        let height = num(inputs.height);
        if (width === 0 && height === 0) {
          out.push(frame);
          continue;
        }
        if (width === 0) width = Math.max(1, Math.round((frame.width * height) / frame.height));
        if (height === 0) height = Math.max(1, Math.round((frame.height * width) / frame.width));
        if (inputs.crop === "center")
          out.push(await toFrame(raw(frame).resize(width, height, { fit: "cover", position: "centre" })));
        else out.push(await resizeFrame(frame, width, height));
      }
      return [out];
    }
    case "ImageScaleBy":
    case "ImageUpscaleWithModel": {
      const factor =
        type === "ImageScaleBy" ? num(inputs.scale_by) : get<{ factor: number }>("upscale_model").factor;
      const out: Frame[] = [];
      for (const frame of images("image"))
        out.push(
          await resizeFrame(frame, Math.round(frame.width * factor), Math.round(frame.height * factor)),
        );
      return [out];
    }
    case "ImageScaleToTotalPixels": {
      const out: Frame[] = [];
      const step = Math.max(1, num(inputs.resolution_steps));
      for (const frame of images("image")) {
        const scale = Math.sqrt((num(inputs.megapixels) * 1024 * 1024) / (frame.width * frame.height));
        const width = Math.max(step, Math.round((frame.width * scale) / step) * step);
        const height = Math.max(step, Math.round((frame.height * scale) / step) * step);
        out.push(await resizeFrame(frame, width, height));
      }
      return [out];
    }
    case "FluxKontextImageScale": {
      const out: Frame[] = [];
      for (const frame of images("image")) {
        const ratio = frame.width / frame.height;
        const [width, height] = KONTEXT_SIZES.reduce((best, size) =>
          Math.abs(size[0] / size[1] - ratio) < Math.abs(best[0] / best[1] - ratio) ? size : best,
        );
        out.push(await resizeFrame(frame, width, height));
      }
      return [out];
    }
    case "ImageCompositeMasked": {
      const destinations = images("destination");
      const sources = images("source");
      const x0 = num(inputs.x);
      const y0 = num(inputs.y);
      const out: Frame[] = [];
      for (let b = 0; b < destinations.length; b++) {
        const destination = destinations[b]!;
        let source = sources[Math.min(b, sources.length - 1)]!;
        if (inputs.resize_source === true)
          source = await resizeFrame(source, destination.width, destination.height);
        const mask = has("mask") ? await resizeMask(get<Mask>("mask"), source.width, source.height) : null;
        const data = Buffer.from(destination.data);
        for (let y = 0; y < source.height; y++) {
          const dy = y + y0;
          if (dy >= destination.height) break;
          for (let x = 0; x < source.width; x++) {
            const dx = x + x0;
            if (dx >= destination.width) break;
            const m = mask ? mask.data[y * source.width + x]! / 255 : 1;
            const di = (dy * destination.width + dx) * 3;
            const si = (y * source.width + x) * 3;
            for (let c = 0; c < 3; c++)
              data[di + c] = Math.round(data[di + c]! * (1 - m) + source.data[si + c]! * m);
          }
        }
        out.push({ width: destination.width, height: destination.height, data });
      }
      return [out];
    }
    case "ImageStitch": {
      const first = images("image1");
      if (!has("image2")) return [first];
      const second = images("image2");
      const direction = String(inputs.direction);
      const spacing = num(inputs.spacing_width);
      const colour = SPACING_COLOURS[String(inputs.spacing_color)] ?? [255, 255, 255];
      const out: Frame[] = [];
      for (let b = 0; b < first.length; b++) {
        const a = first[b]!;
        let c = second[Math.min(b, second.length - 1)]!;
        const horizontal = direction === "right" || direction === "left";
        if (inputs.match_image_size === true) {
          c = horizontal
            ? await resizeFrame(c, Math.round((c.width * a.height) / c.height), a.height)
            : await resizeFrame(c, a.width, Math.round((c.height * a.width) / c.width));
        }
        const width = horizontal ? a.width + spacing + c.width : Math.max(a.width, c.width);
        const height = horizontal ? Math.max(a.height, c.height) : a.height + spacing + c.height;
        const [p, q] = direction === "right" || direction === "down" ? [a, c] : [c, a];
        const offset = horizontal
          ? { left: p.width + spacing, top: 0 }
          : { left: 0, top: p.height + spacing };
        const png = async (f: Frame) => raw(f).png().toBuffer();
        out.push(
          await toFrame(
            sharp({
              create: {
                width,
                height,
                channels: 3,
                background: { r: colour[0]!, g: colour[1]!, b: colour[2]! },
              },
            }).composite([
              { input: await png(p), left: 0, top: 0 },
              { input: await png(q), ...offset },
            ]),
          ),
        );
      }
      return [out];
    }
    case "GrowMask": {
      const mask = get<Mask>("mask");
      const expand = num(inputs.expand);
      if (expand === 0) return [mask];
      const grown = rawMask(mask);
      const radius = Math.min(Math.abs(expand), 256);
      const { data } = await (expand > 0 ? grown.dilate(radius) : grown.erode(radius))
        .extractChannel(0)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [{ width: mask.width, height: mask.height, data }];
    }
    case "InvertMask": {
      const mask = get<Mask>("mask");
      return [{ ...mask, data: Buffer.from(mask.data.map((v) => 255 - v)) }];
    }
    case "ImageToMask": {
      const frame = images("image")[0]!;
      const index = { red: 0, green: 1, blue: 2 }[String(inputs.channel)];
      const data = Buffer.alloc(frame.width * frame.height, index === undefined ? 255 : 0);
      if (index !== undefined) for (let i = 0; i < data.length; i++) data[i] = frame.data[i * 3 + index]!;
      return [{ width: frame.width, height: frame.height, data }];
    }
    case "MaskToImage": {
      const mask = get<Mask>("mask");
      const data = Buffer.alloc(mask.width * mask.height * 3);
      for (let i = 0; i < mask.data.length; i++) data.fill(mask.data[i]!, i * 3, i * 3 + 3);
      return [[{ width: mask.width, height: mask.height, data }]];
    }
    case "VAEEncode": {
      const frames = images("pixels");
      return [
        { width: frames[0]!.width, height: frames[0]!.height, batch: frames.length, frames, noiseMask: null },
      ];
    }
    case "VAEEncodeForInpaint": {
      const frames = images("pixels");
      const mask = get<Mask>("mask");
      const greyed: Frame[] = [];
      for (const frame of frames) {
        const m = await resizeMask(mask, frame.width, frame.height);
        const data = Buffer.from(frame.data);
        for (let i = 0; i < m.data.length; i++) if (m.data[i]! > 127) data.fill(128, i * 3, i * 3 + 3);
        greyed.push({ ...frame, data });
      }
      return [
        {
          width: frames[0]!.width,
          height: frames[0]!.height,
          batch: frames.length,
          frames: greyed,
          noiseMask: mask,
        },
      ];
    }
    case "SetLatentNoiseMask":
      return [{ ...get<Latent>("samples"), noiseMask: get<Mask>("mask") }];
    case "InpaintModelConditioning": {
      const frames = images("pixels");
      const latent: Latent = {
        width: frames[0]!.width,
        height: frames[0]!.height,
        batch: frames.length,
        frames,
        noiseMask: inputs.noise_mask === false ? null : get<Mask>("mask"),
      };
      return [get("positive"), get("negative"), latent];
    }
    case "EmptyLatentImage":
    case "EmptySD3LatentImage": {
      const width = Math.floor(num(inputs.width) / 8) * 8;
      const height = Math.floor(num(inputs.height) / 8) * 8;
      return [{ width, height, batch: num(inputs.batch_size), frames: null, noiseMask: null }];
    }
    case "RepeatLatentBatch": {
      const latent = get<Latent>("samples");
      const amount = num(inputs.amount);
      const frames = latent.frames ? Array.from({ length: amount }, () => latent.frames!).flat() : null;
      return [{ ...latent, batch: latent.batch * amount, frames }];
    }
    case "KSampler": {
      const latent = get<Latent>("latent_image");
      const steps = num(inputs.steps);
      for (let step = 1; step <= steps; step++) await hooks.progress(id, type, step, steps);
      const seed = num(inputs.seed);
      const text = get<Conditioning>("positive")?.text ?? "";
      const denoise = num(inputs.denoise);
      const out: Frame[] = [];
      for (let b = 0; b < latent.batch; b++) {
        const colour = seededColour(seed + b, text);
        const source = latent.frames?.[b];
        if (!source) {
          out.push(gradient(latent.width, latent.height, colour, seededColour(seed + b + 7919, text)));
          continue;
        }
        const mask = latent.noiseMask
          ? await resizeMask(latent.noiseMask, source.width, source.height)
          : null;
        const data = Buffer.from(source.data);
        const strength = 0.35 * denoise;
        for (let i = 0; i < source.width * source.height; i++) {
          const a = strength * (mask ? mask.data[i]! / 255 : 1);
          for (let c = 0; c < 3; c++)
            data[i * 3 + c] = Math.round(data[i * 3 + c]! * (1 - a) + colour[c]! * a);
        }
        out.push({ ...source, data });
      }
      return [{ ...latent, frames: out, noiseMask: null }];
    }
    case "VAEDecode": {
      const latent = get<Latent>("samples");
      return [
        latent.frames ??
          Array.from({ length: latent.batch }, () =>
            gradient(latent.width, latent.height, [0, 0, 0], [0, 0, 0]),
          ),
      ];
    }
    case "SaveImage":
    case "PreviewImage": {
      const saved: TSavedImage[] = [];
      for (const frame of images("images")) {
        const png = await raw(frame).png().toBuffer();
        saved.push(
          type === "SaveImage"
            ? hooks.save(String(inputs.filename_prefix ?? "ComfyUI"), png, "output")
            : hooks.save("ComfyUI_temp", png, "temp"),
        );
      }
      ui[id] = { images: saved };
      hooks.executed(id, saved);
      return [];
    }
    default:
      throw new Error(`the fake cannot execute ${type}`);
  }
}

const SPACING_COLOURS: Record<string, number[]> = {
  white: [255, 255, 255],
  black: [0, 0, 0],
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
};

/** comfy_extras/nodes_flux.py PREFERED_KONTEXT_RESOLUTIONS. */
const KONTEXT_SIZES: Array<[number, number]> = [
  [672, 1568],
  [688, 1504],
  [720, 1456],
  [752, 1392],
  [800, 1328],
  [832, 1248],
  [880, 1184],
  [944, 1104],
  [1024, 1024],
  [1104, 944],
  [1184, 880],
  [1248, 832],
  [1328, 800],
  [1392, 752],
  [1456, 720],
  [1504, 688],
  [1568, 672],
];
