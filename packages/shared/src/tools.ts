/**
 * One registry of the image tools (issue 26): each tool's canonical id, and the names the spec,
 * the database and the page give it. The names themselves are requirements (spec 02's paths,
 * `source` values and route ids, the stored `jobs.tool` and `samples.tool` values): this registry
 * does not rename any of them, it says which belong together, so code asks it instead of spelling
 * `"upscale"`, `"seedream"` or `"kling"` again.
 *
 * | canonical  | job (`jobs.tool`) | history `source` | API prefix      | page route id | samples |
 * |------------|-------------------|------------------|-----------------|---------------|---------|
 * | retouch    | upscale           | upscale          | /api/image      | upscale       | —       |
 * | faceEdit   | face_edit         | face_edit        | /api/face-edit  | faceEdit      | —       |
 * | imageEdit  | image_edit        | seedream         | /api/seedream   | imageEdit     | seedream|
 * | generation | kling             | kling            | /api/kling      | consistency   | kling   |
 */
import type { TImageSource } from "./contracts/images.ts";
import type { TPollTool } from "./polling.ts";
import type { TRouteId } from "./routes.ts";

export interface TToolEntry {
  /** The job kind stored in `jobs.tool` and handed to the job platform. */
  job: string;
  /** spec 02 §3: the history rows' `source` (GET /api/image/history?source=). */
  historySource: TImageSource;
  /** Where the tool's own API lives (spec 02 §2). */
  apiPrefix: string;
  /** The page's id in the route table (routes.ts). */
  routeId: TRouteId;
  /** Its status polling schedule (polling.ts). */
  poll: TPollTool;
  /** The `samples.tool` value, for the tools with a samples column; null otherwise. */
  samples: string | null;
  /** The first words of its ledger line (the charge's reason), e.g. "image edit ×2". */
  creditReason: string;
}

export const TOOLS = {
  retouch: {
    job: "upscale",
    historySource: "upscale",
    apiPrefix: "/api/image",
    routeId: "upscale",
    poll: "retouch",
    samples: null,
    creditReason: "retouch",
  },
  faceEdit: {
    job: "face_edit",
    historySource: "face_edit",
    apiPrefix: "/api/face-edit",
    routeId: "faceEdit",
    poll: "faceEdit",
    samples: null,
    creditReason: "face edit",
  },
  imageEdit: {
    job: "image_edit",
    historySource: "seedream",
    apiPrefix: "/api/seedream",
    routeId: "imageEdit",
    poll: "imageEdit",
    samples: "seedream",
    creditReason: "image edit",
  },
  generation: {
    job: "kling",
    historySource: "kling",
    apiPrefix: "/api/kling",
    routeId: "consistency",
    poll: "consistency",
    samples: "kling",
    creditReason: "generation",
  },
} as const satisfies Record<string, TToolEntry>;

export type TToolId = keyof typeof TOOLS;
export const TOOL_IDS = Object.keys(TOOLS) as TToolId[];

/** The tool a stored job kind belongs to (`jobs.tool`), or undefined for one no tool owns. */
export function toolOfJob(job: string): TToolId | undefined {
  return TOOL_IDS.find((id) => TOOLS[id].job === job);
}

/** The tool whose history rows carry `source`, or undefined (a source of the original product). */
export function toolOfHistorySource(source: string): TToolId | undefined {
  return TOOL_IDS.find((id) => TOOLS[id].historySource === source);
}
