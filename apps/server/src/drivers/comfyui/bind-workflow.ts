/**
 * The binder (issue 25): one tool's input into a copy of its workflow file (workflow-file.ts),
 * through the nodes the file titles "gyeol:…" — images and mask (uploaded under job-scoped names
 * `<jobId>_<role>.jpg|png`, so workers' files never meet), prompt and negative prompt, seed,
 * size, steps and strength (denoise), batch size. Text nodes are templates: `{prompt}`,
 * `{subject}`, `{direction}` in the file's text are replaced, and a text without any of them gets
 * ours in front, so an operator can tune the wording in the file without touching code.
 */
import type { TUpscaleInput } from "@gyeol/shared/contracts/images";
import type { TCharacterMode, TGenerationAspectRatio } from "@gyeol/shared/generation";
import { resolveRetouchControls, scaledSize } from "@gyeol/shared/retouch";
import {
  collage,
  cropToPainted,
  type TWorkingImage,
  toMaskPng,
  toWorkingJpeg,
  wholeMaskPng,
} from "./comfy-images.ts";
import type { TComfyInputImage, TComfyInputValue, TComfyWorkflow } from "./comfy-runner.ts";
import { isLink, type TLoadedWorkflow } from "./workflow-file.ts";

export interface TBoundWorkflow {
  workflow: TComfyWorkflow;
  images: TComfyInputImage[];
  /** What the binder decided that shapes the result (a collage, a bypassed upscale), for the log. */
  notes: string[];
}

/** Mutable while binding: the copy, its uploads, the notes. */
class Binding {
  readonly workflow: TComfyWorkflow;
  readonly images: TComfyInputImage[] = [];
  readonly notes: string[] = [];
  constructor(
    readonly loaded: TLoadedWorkflow,
    readonly jobId: string,
  ) {
    this.workflow = structuredClone(loaded.workflow);
  }

  has(title: string): boolean {
    const id = this.loaded.nodes[title];
    return id !== undefined && this.workflow[id] !== undefined;
  }

  /** Sets `input` of the node titled `title` (skipped when an optional title is absent). */
  set(title: string, input: string, value: TComfyInputValue): void {
    const id = this.loaded.nodes[title];
    if (id === undefined) return;
    const node = this.workflow[id];
    if (node) node.inputs[input] = value;
  }

  get(title: string, input: string): TComfyInputValue | undefined {
    const id = this.loaded.nodes[title];
    return id === undefined ? undefined : this.workflow[id]?.inputs[input];
  }

  /** Uploads `bytes` as `<jobId>_<role>.<ext>` and points the title's LoadImage(Mask) at it. */
  upload(title: string, role: string, bytes: Buffer, ext: "jpg" | "png"): void {
    const name = `${this.jobId}_${role}.${ext}`;
    this.images.push({ name, bytes });
    this.set(title, "image", name);
  }

  /**
   * Drops the node titled `title` (an image slot left empty) and every input linking to it; a
   * node that needed it (not one of the optional image inputs) goes too, and so on.
   */
  drop(title: string): void {
    const id = this.loaded.nodes[title];
    if (id === undefined) return;
    const gone = new Set([id]);
    delete this.workflow[id];
    for (let changed = true; changed; ) {
      changed = false;
      for (const [nodeId, node] of Object.entries(this.workflow)) {
        for (const [name, value] of Object.entries(node.inputs)) {
          if (!isLink(value) || !gone.has(value[0])) continue;
          if (OPTIONAL_IMAGE_INPUT.test(name)) delete node.inputs[name];
          else {
            gone.add(nodeId);
            delete this.workflow[nodeId];
            changed = true;
            break;
          }
        }
      }
    }
    const lost = Object.entries(this.loaded.nodes)
      .filter(([other, otherId]) => other !== title && gone.has(otherId) && !other.startsWith("gyeol:image"))
      .map(([other]) => `"${other}"`);
    if (lost.length > 0)
      throw new Error(
        `${this.loaded.file}: leaving out "${title}" removes ${lost.join(", ")} too; link the image slots only into optional inputs (image1…image3)`,
      );
  }

  done(): TBoundWorkflow {
    return { workflow: this.workflow, images: this.images, notes: this.notes };
  }
}

/** The inputs an image slot may feed and that ComfyUI lets go unset (TextEncodeQwenImageEdit*). */
const OPTIONAL_IMAGE_INPUT = /^image\d+$/;

const TOKEN = /\{(prompt|subject|direction)\}/g;
const HAS_TOKEN = /\{(prompt|subject|direction)\}/;

/** The file's text with our values in its tokens; without tokens, ours in front of it. */
export function fillText(template: TComfyInputValue | undefined, values: Record<string, string>): string {
  const text = typeof template === "string" ? template : "";
  if (!HAS_TOKEN.test(text))
    return [values.prompt ?? "", text].filter((part) => part.trim() !== "").join(", ");
  return text.replace(TOKEN, (_, name: string) => values[name] ?? "");
}

/** The file's negative text with our additions after it. */
function extendNegative(binding: Binding, title: string, extra: readonly string[]): void {
  if (!binding.has(title) || extra.length === 0) return;
  const base = binding.get(title, "text") ?? binding.get(title, "prompt");
  const input = binding.get(title, "text") !== undefined ? "text" : "prompt";
  const text = [typeof base === "string" ? base : "", ...extra]
    .filter((part) => part.trim() !== "")
    .join(", ");
  binding.set(title, input, text);
}

/** The text input of a prompt node: CLIPTextEncode's `text`, TextEncodeQwenImageEditPlus's `prompt`. */
function setPrompt(binding: Binding, title: string, values: Record<string, string>): void {
  const input = binding.get(title, "text") !== undefined ? "text" : "prompt";
  binding.set(title, input, fillText(binding.get(title, input), values));
}

const round2 = (v: number) => Math.round(v * 100) / 100;

// ── Retouch ──────────────────────────────────────────────────────────────────────────────────

/** Each spec 02 §5 style (lora_index) in words: who is in the photo and the look. */
const RETOUCH_STYLE: Record<number, { subject: string; look: string }> = {
  0: { subject: "a woman", look: "natural makeup, soft lips, refined skin" },
  1: { subject: "a woman", look: "glossy dewy skin, luminous highlights" },
  2: { subject: "a person", look: "natural clean skin" },
  3: { subject: "a woman", look: "natural clean skin" },
  4: { subject: "a woman", look: "natural makeup, soft lips, refined skin" },
  5: { subject: "a man", look: "natural clean skin, masculine features" },
  6: { subject: "a man", look: "natural clean skin, masculine features" },
  7: { subject: "a woman", look: "matte makeup, velvet skin finish" },
  8: { subject: "a woman", look: "clean chic look, cool tone, refined skin" },
};

/** The words each fine-tuning control adds, positive and negative, once it is above 0.3. */
const CONTROL_WORDS = {
  blemish_removal: ["clear skin", "blemishes, acne, spots"],
  dark_circles: ["bright under-eyes", "dark circles under the eyes"],
  shine_reduction: ["soft matte skin", "oily shine"],
  wrinkle_softening: ["smooth fine lines", "fine wrinkles"],
  tone_evening: ["even skin tone", "blotchy redness, uneven skin tone"],
} as const;

export interface TRetouchBindInput {
  jobId: string;
  photo: Buffer;
  input: TUpscaleInput;
}

/**
 * Retouch (spec 02 §3): the photo at ~1 MP through SDXL img2img at low denoise — 0.15 plus 0.2 ×
 * the strongest of the job's controls and its filter, so 0.15–0.35 — then Real-ESRGAN 2× and a
 * resize to the exact output size (the input's width × height × scale_factor; 0 keeps the size).
 * The style becomes the prompt's words and an operator's style LoRA's strength; the filter its
 * lighting words. The 2× model is bypassed when the output is no larger than the working size.
 */
export async function bindRetouch(loaded: TLoadedWorkflow, { jobId, photo, input }: TRetouchBindInput) {
  const binding = new Binding(loaded, jobId);
  const working = await toWorkingJpeg(photo, { multiple: 8 });
  binding.upload("gyeol:image", "image", working.bytes, "jpg");
  const controls = resolveRetouchControls(input.lora_index, input);
  const filterOn = input.filter_strength > 0.01;
  const amount = Math.max(...Object.values(controls), filterOn ? input.filter_strength : 0);
  const style = RETOUCH_STYLE[input.lora_index] ?? RETOUCH_STYLE[2]!;
  const positive: string[] = [`portrait photo of ${style.subject}`, style.look];
  const negative: string[] = [];
  for (const [control, [plus, minus]] of Object.entries(CONTROL_WORDS)) {
    if ((controls[control as keyof typeof controls] ?? 0) <= 0.3) continue;
    positive.push(plus);
    negative.push(minus);
  }
  if (filterOn) {
    // spec 02 §5: filter_index 1 ('asle') is the fair "ppoyong" look, 0 the studio light.
    const words = input.filter_index === 1 ? "bright fair dewy skin, soft glow" : "soft studio lighting";
    positive.push(`(${words}:${round2(0.8 + 0.5 * input.filter_strength)})`);
  }
  if (input.prompt.trim()) positive.push(input.prompt.trim());
  setPrompt(binding, "gyeol:prompt", { prompt: positive.join(", "), subject: style.subject });
  extendNegative(binding, "gyeol:negative", negative);
  binding.set("gyeol:sampler", "seed", input.seed);
  binding.set("gyeol:sampler", "denoise", round2(0.15 + 0.2 * amount));
  binding.set("gyeol:lora", "strength_model", round2(amount));
  if (binding.get("gyeol:lora", "strength_clip") !== undefined)
    binding.set("gyeol:lora", "strength_clip", round2(amount));
  const target = scaledSize(input.width, input.height, input.scale_factor);
  binding.set("gyeol:size", "width", target.width);
  binding.set("gyeol:size", "height", target.height);
  if (binding.has("gyeol:upscale") && target.width * target.height <= working.width * working.height) {
    // No enlargement beyond the working size: the 2× model's input goes straight to the resize.
    binding.set("gyeol:size", "image", binding.get("gyeol:upscale", "image") ?? null);
    binding.notes.push("2× upscale bypassed (the output is no larger than the working size)");
  }
  binding.set("gyeol:output", "filename_prefix", `gyeol/${jobId}`);
  return { ...binding.done(), working, target };
}

// ── Face edit ────────────────────────────────────────────────────────────────────────────────

export interface TFaceEditBindInput {
  jobId: string;
  /** The painted part of the photo (its crop) and the mask for that crop, any size. */
  crop: Buffer;
  cropMask: Buffer;
  gender: "여성" | "남성";
  easyValue: number;
  seed: number;
}

/** spec 02 §3 easy_value (0.45–0.55, the intensity slider) as the inpainting's denoise 0.45–0.8. */
export function faceEditDenoise(easyValue: number): number {
  const t = Math.min(1, Math.max(0, (easyValue - 0.45) / 0.1));
  return round2(0.45 + 0.35 * t);
}

/**
 * Face edit (spec 02 §2.4): the painted part of the photo and its mask, the gender as the prompt's
 * words (the Korean 여성/남성 the spec sends), easy_value as denoise, the seed.
 */
export async function bindFaceEdit(loaded: TLoadedWorkflow, input: TFaceEditBindInput) {
  const binding = new Binding(loaded, input.jobId);
  const working = await toWorkingJpeg(input.crop, { multiple: 8 });
  binding.upload("gyeol:image", "image", working.bytes, "jpg");
  binding.upload("gyeol:mask", "mask", await toMaskPng(input.cropMask, working.width, working.height), "png");
  if (binding.get("gyeol:mask", "channel") !== undefined) binding.set("gyeol:mask", "channel", "red");
  const feminine = input.gender === "여성";
  const subject = feminine ? "a woman" : "a man";
  const direction = feminine ? "soft feminine" : "defined masculine";
  setPrompt(binding, "gyeol:prompt", {
    prompt: `portrait photo of ${subject}, ${direction} facial features`,
    subject,
    direction,
  });
  extendNegative(binding, "gyeol:negative", [
    feminine ? "masculine features, beard stubble" : "feminine features, heavy makeup",
  ]);
  binding.set("gyeol:sampler", "seed", input.seed);
  binding.set("gyeol:sampler", "denoise", faceEditDenoise(input.easyValue));
  binding.set("gyeol:output", "filename_prefix", `gyeol/${input.jobId}`);
  return { ...binding.done(), working };
}

// ── Pictures into a fixed number of slots (image edit, generation) ────────────────────────────

/**
 * Puts pictures into a model's numbered image slots. Qwen-Image-Edit-2509 reads at most 3
 * (TextEncodeQwenImageEditPlus, vendors CONTRACTS §7.3); a tool that allows more (image edit 8,
 * generation a reference and 4 characters) never drops one silently: when there are more
 * pictures than slots, the last slot gets a collage of all the pictures from that slot on. Slots
 * left empty are taken out of the workflow. Answers, per slot, which pictures (by index) it holds.
 */
async function fillSlots(
  binding: Binding,
  pictures: readonly Buffer[],
  first: TWorkingImage | null,
): Promise<number[][]> {
  const slots = binding.loaded.imageSlots;
  const held: number[][] = [];
  const direct = pictures.length > slots ? slots - 1 : pictures.length;
  for (let i = 0; i < direct; i++) {
    const bytes = i === 0 && first ? first.bytes : (await toWorkingJpeg(pictures[i]!)).bytes;
    binding.upload(`gyeol:image${i + 1}`, `image${i + 1}`, bytes, "jpg");
    held.push([i]);
  }
  if (pictures.length > slots) {
    const rest = pictures.slice(slots - 1);
    binding.upload(`gyeol:image${slots}`, `image${slots}`, await collage(rest), "jpg");
    held.push(rest.map((_, k) => slots - 1 + k));
    binding.notes.push(`pictures ${slots}–${pictures.length} combined into one collage (slot ${slots})`);
  }
  for (let slot = held.length + 1; slot <= slots; slot++) binding.drop(`gyeol:image${slot}`);
  return held;
}

/** "picture 3" or "picture 3 (a collage of 4 pictures, left to right, top to bottom)". */
function describeSlot(slot: number, pictures: readonly number[]): string {
  return pictures.length > 1
    ? `picture ${slot} (a collage of ${pictures.length} pictures, left to right, top to bottom)`
    : `picture ${slot}`;
}

// ── Image edit ───────────────────────────────────────────────────────────────────────────────

export interface TImageEditBindInput {
  jobId: string;
  prompt: string;
  /** 1–8 pictures; the first is the one edited and its mask (if any) is where. */
  images: readonly { bytes: Buffer; mask: Buffer | null }[];
  numImages: number;
  seed: number;
}

/**
 * Image edit (spec 02 §2.2): the first picture is edited (its mask, white = change, bounds the
 * change; no mask: the whole picture), the others are references. A reference's own mask marks
 * the part that matters: it is cropped to that part. Up to 3 pictures go in as they are; more are
 * combined (fillSlots), and the prompt says which picture is the collage.
 */
export async function bindImageEdit(loaded: TLoadedWorkflow, input: TImageEditBindInput) {
  const binding = new Binding(loaded, input.jobId);
  const [base, ...references] = input.images;
  if (!base) throw new Error("image edit needs at least one picture");
  // The latent is the first picture's: sides on Qwen's 16 px grid.
  const first = await toWorkingJpeg(base.bytes, { multiple: 16 });
  const refs = await Promise.all(
    references.map((ref) => (ref.mask ? cropToPainted(ref.bytes, ref.mask) : Promise.resolve(ref.bytes))),
  );
  const held = await fillSlots(binding, [base.bytes, ...refs], first);
  const mask = base.mask
    ? await toMaskPng(base.mask, first.width, first.height)
    : await wholeMaskPng(first.width, first.height);
  binding.upload("gyeol:mask", "mask", mask, "png");
  if (binding.get("gyeol:mask", "channel") !== undefined) binding.set("gyeol:mask", "channel", "red");
  const collageSlot = held.findIndex((pictures) => pictures.length > 1);
  const note =
    collageSlot >= 0
      ? ` (${describeSlot(collageSlot + 1, held[collageSlot]!)} holds the extra reference pictures.)`
      : "";
  setPrompt(binding, "gyeol:prompt", { prompt: `${input.prompt.trim()}${note}` });
  binding.set("gyeol:sampler", "seed", input.seed);
  binding.set("gyeol:batch", "amount", input.numImages);
  binding.set("gyeol:output", "filename_prefix", `gyeol/${input.jobId}`);
  return { ...binding.done(), working: first, slots: held };
}

// ── Generation ───────────────────────────────────────────────────────────────────────────────

/** Qwen-Image's sizes per aspect ratio (vendors CONTRACTS §7.3 (d)). */
export const QWEN_SIZES: Record<TGenerationAspectRatio, { width: number; height: number }> = {
  "1x1": { width: 1328, height: 1328 },
  "16x9": { width: 1664, height: 928 },
  "9x16": { width: 928, height: 1664 },
  "4x3": { width: 1472, height: 1104 },
  "3x4": { width: 1104, height: 1472 },
  "3x2": { width: 1584, height: 1056 },
  "2x3": { width: 1056, height: 1584 },
};

export interface TGenerationBindInput {
  jobId: string;
  prompt: string;
  reference: Buffer | null;
  characters: readonly Buffer[];
  characterMode: TCharacterMode;
  aspectRatio: TGenerationAspectRatio;
  numImages: number;
  seed: number;
}

/**
 * Reference-image generation (spec 02 §2.3): Qwen from an empty latent at Qwen's size for the
 * aspect ratio, `numImages` in one batch; the reference and the characters are its pictures
 * (a collage in the last slot when there are more than it reads), and the prompt says which
 * picture is which and what to keep of the characters (the whole subject, or the face).
 */
export async function bindGeneration(loaded: TLoadedWorkflow, input: TGenerationBindInput) {
  const binding = new Binding(loaded, input.jobId);
  const pictures = [...(input.reference ? [input.reference] : []), ...input.characters];
  if (pictures.length > 0 && loaded.imageSlots === 0)
    throw new Error(`${loaded.file}: has no "gyeol:image1" slot for the reference and character pictures`);
  const held = await fillSlots(binding, pictures, null);
  const roles: string[] = [];
  const keep = input.characterMode === "face" ? "the face" : "the whole appearance (face, hair and clothes)";
  for (const [slot, indexes] of held.entries()) {
    const isReference = input.reference !== null && indexes[0] === 0;
    const characters = indexes.length - (isReference ? 1 : 0);
    if (isReference && characters === 0)
      roles.push(`${describeSlot(slot + 1, indexes)} is the reference image`);
    else if (isReference)
      roles.push(`${describeSlot(slot + 1, indexes)} holds the reference image first, then the characters`);
    else
      roles.push(`${describeSlot(slot + 1, indexes)} shows ${characters > 1 ? "characters" : "a character"}`);
  }
  const guide =
    roles.length > 0
      ? ` ${roles.join("; ")}.${input.characters.length > 0 ? ` Keep ${keep} of each character.` : ""}`
      : "";
  setPrompt(binding, "gyeol:prompt", { prompt: `${input.prompt.trim()}${guide}`.trim() });
  const size = QWEN_SIZES[input.aspectRatio];
  binding.set("gyeol:latent", "width", size.width);
  binding.set("gyeol:latent", "height", size.height);
  binding.set("gyeol:latent", "batch_size", input.numImages);
  binding.set("gyeol:sampler", "seed", input.seed);
  binding.set("gyeol:output", "filename_prefix", `gyeol/${input.jobId}`);
  return { ...binding.done(), size, slots: held };
}
