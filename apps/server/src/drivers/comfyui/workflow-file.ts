/**
 * The workflow files (issue 25): one ComfyUI API-format workflow per tool, shipped in
 * apps/server/workflows/ and replaceable by the operator (COMFYUI_WORKFLOWS_DIR: a file of the same
 * name there wins). Code never names a node id: the binder finds the nodes it fills by their
 * `_meta.title` ("gyeol:image", "gyeol:prompt", …), so a workflow re-exported from ComfyUI, or
 * one using other models, works as long as it keeps those titles on nodes of the listed types.
 * Each file is read and checked once, at boot (config/index.ts): a file that is not such a
 * workflow is a configuration error naming the file and what is wrong.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TComfyInputValue, TComfyLink, TComfyNode, TComfyWorkflow } from "./comfy-runner.ts";

export const WORKFLOW_TOOLS = ["retouch", "face-edit", "image-edit", "generation"] as const;
export type TWorkflowTool = (typeof WORKFLOW_TOOLS)[number];

/** apps/server/workflows/, next to src/ (the server runs from its sources, so they ship with it). */
export const SHIPPED_WORKFLOWS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../workflows",
);

/** A title the binder fills, and the node types it may sit on (their inputs are what it writes). */
interface TTitleRule {
  classes: readonly string[];
  required: boolean;
}

const LOAD_IMAGE = ["LoadImage"];
const SAMPLER = ["KSampler"];
const SAVE = ["SaveImage"];
const TEXT = ["CLIPTextEncode"];
const QWEN_TEXT = ["TextEncodeQwenImageEditPlus", "CLIPTextEncode"];

/** How many numbered image slots (`gyeol:image1` …) a workflow may declare. */
export const MAX_IMAGE_SLOTS = 8;

const slotRules = (required: number): Record<string, TTitleRule> =>
  Object.fromEntries(
    Array.from({ length: MAX_IMAGE_SLOTS }, (_, i) => [
      `gyeol:image${i + 1}`,
      { classes: LOAD_IMAGE, required: i < required },
    ]),
  );

/** Per tool: the titles the binder looks for. Required ones must be present, each exactly once. */
export const WORKFLOW_TITLES: Record<TWorkflowTool, Record<string, TTitleRule>> = {
  retouch: {
    "gyeol:image": { classes: LOAD_IMAGE, required: true },
    "gyeol:prompt": { classes: TEXT, required: true },
    "gyeol:negative": { classes: TEXT, required: true },
    "gyeol:sampler": { classes: SAMPLER, required: true },
    "gyeol:size": { classes: ["ImageScale"], required: true },
    "gyeol:output": { classes: SAVE, required: true },
    /** The 2× model; bypassed when the output is not larger than the working size. */
    "gyeol:upscale": { classes: ["ImageUpscaleWithModel"], required: false },
    /** A style LoRA, if the operator adds one: its strength follows the retouch amount. */
    "gyeol:lora": { classes: ["LoraLoader", "LoraLoaderModelOnly"], required: false },
  },
  "face-edit": {
    "gyeol:image": { classes: LOAD_IMAGE, required: true },
    "gyeol:mask": { classes: ["LoadImageMask"], required: true },
    "gyeol:prompt": { classes: TEXT, required: true },
    "gyeol:negative": { classes: TEXT, required: true },
    "gyeol:sampler": { classes: SAMPLER, required: true },
    "gyeol:output": { classes: SAVE, required: true },
  },
  "image-edit": {
    ...slotRules(1),
    "gyeol:mask": { classes: ["LoadImageMask"], required: true },
    "gyeol:prompt": { classes: QWEN_TEXT, required: true },
    "gyeol:negative": { classes: QWEN_TEXT, required: false },
    "gyeol:sampler": { classes: SAMPLER, required: true },
    "gyeol:batch": { classes: ["RepeatLatentBatch"], required: true },
    "gyeol:output": { classes: SAVE, required: true },
  },
  generation: {
    ...slotRules(0),
    "gyeol:prompt": { classes: QWEN_TEXT, required: true },
    "gyeol:negative": { classes: QWEN_TEXT, required: false },
    "gyeol:sampler": { classes: SAMPLER, required: true },
    "gyeol:latent": { classes: ["EmptySD3LatentImage", "EmptyLatentImage"], required: true },
    "gyeol:output": { classes: SAVE, required: true },
  },
};

export interface TLoadedWorkflow {
  tool: TWorkflowTool;
  /** The file it came from (the boot error and the log name it). */
  file: string;
  workflow: TComfyWorkflow;
  /** gyeol title → node id. */
  nodes: Readonly<Record<string, string>>;
  /** The numbered image slots present (gyeol:image1 … in order): how many images the model reads. */
  imageSlots: number;
}

export class WorkflowFileError extends Error {
  override name = "WorkflowFileError";
}

export const isLink = (value: TComfyInputValue): value is TComfyLink =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === "string" &&
  typeof value[1] === "number" &&
  Number.isInteger(value[1]);

function isInputValue(value: unknown): value is TComfyInputValue {
  if (value === null || ["string", "number", "boolean"].includes(typeof value)) return true;
  return Array.isArray(value) && value.every(isInputValue);
}

/** Checks one workflow's text the way the binder needs it; throws a sentence naming the problem. */
export function parseWorkflow(tool: TWorkflowTool, text: string, file: string): TLoadedWorkflow {
  const fail = (what: string): never => {
    throw new WorkflowFileError(`${file}: ${what}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    return fail("not a ComfyUI API-format workflow (an object of node id → {class_type, inputs})");
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (entries.length === 0) return fail("has no nodes");
  const workflow: TComfyWorkflow = {};
  for (const [id, raw] of entries) {
    const node = raw as Partial<TComfyNode> | null;
    if (!node || typeof node !== "object" || typeof node.class_type !== "string" || !node.class_type)
      return fail(
        `node "${id}" has no class_type (export the workflow with "Export (API)", not the UI format)`,
      );
    if (!node.inputs || typeof node.inputs !== "object" || Array.isArray(node.inputs))
      return fail(`node "${id}" (${node.class_type}) has no inputs object`);
    for (const [name, value] of Object.entries(node.inputs))
      if (!isInputValue(value)) return fail(`node "${id}" input "${name}" is not a ComfyUI value`);
    workflow[id] = {
      class_type: node.class_type,
      inputs: { ...node.inputs },
      ...(node._meta ? { _meta: { ...node._meta } } : {}),
    };
  }
  for (const [id, node] of Object.entries(workflow))
    for (const [name, value] of Object.entries(node.inputs))
      if (isLink(value) && !workflow[value[0]])
        return fail(`node "${id}" input "${name}" links to node "${value[0]}", which is not in the file`);

  const rules = WORKFLOW_TITLES[tool];
  const nodes: Record<string, string> = {};
  for (const [title, rule] of Object.entries(rules)) {
    const found = Object.entries(workflow).filter(([, node]) => node._meta?.title === title);
    if (found.length > 1)
      return fail(`the title "${title}" is on ${found.length} nodes (${found.map(([id]) => id).join(", ")})`);
    const [match] = found;
    if (!match) {
      if (rule.required)
        return fail(`no node is titled "${title}" (a ${rule.classes.join(" or ")} node the server fills)`);
      continue;
    }
    const [id, node] = match;
    if (!rule.classes.includes(node.class_type))
      return fail(
        `"${title}" is on node "${id}", a ${node.class_type}; it must be a ${rule.classes.join(" or ")}`,
      );
    nodes[title] = id;
  }
  let imageSlots = 0;
  while (nodes[`gyeol:image${imageSlots + 1}`]) imageSlots += 1;
  for (let i = imageSlots + 1; i <= MAX_IMAGE_SLOTS; i++)
    if (nodes[`gyeol:image${i}`])
      return fail(
        `"gyeol:image${i}" is present but "gyeol:image${imageSlots + 1}" is not: number the slots 1, 2, 3 …`,
      );
  return { tool, file, workflow, nodes, imageSlots };
}

/** The file a tool's workflow is read from: the operator's directory first, then the shipped one. */
export function workflowPath(tool: TWorkflowTool, overrideDir: string | undefined): string {
  const name = `${tool}.json`;
  if (overrideDir) {
    const own = path.join(overrideDir, name);
    if (existsSync(own)) return own;
  }
  return path.join(SHIPPED_WORKFLOWS_DIR, name);
}

export function loadWorkflow(tool: TWorkflowTool, overrideDir: string | undefined): TLoadedWorkflow {
  const file = workflowPath(tool, overrideDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new WorkflowFileError(
      `${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
    );
  }
  return parseWorkflow(tool, text, file);
}
