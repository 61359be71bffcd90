/**
 * Server configuration, one file per port (ARCHITECTURE "One codebase, two scales"): each port's
 * zod schema reads its own variables, and loadConfig validates every port at boot into one frozen,
 * typed object. Nothing else reads process.env. A bad configuration names every bad variable of
 * every port at once, so the operator fixes them all in one go. The variables are documented once,
 * in the README's Configuration tables (a test keeps those tables and the schemas in step).
 *
 * Relative paths given by the operator resolve against the working directory; the defaults are
 * anchored at the repository root so `npm start` from the root and `npm start -w` share one DB.
 */
import type { z } from "zod";
import type { TWorkflowTool } from "../drivers/comfyui/workflow-file.ts";
import { comfyuiPort, resolveComfyui, type TComfyuiConfig } from "./comfyui.ts";
import { dbPort, type TDbConfig } from "./db.ts";
import { enginesPort, type TEnginesConfig } from "./engines.ts";
import { ConfigIssues, type TPort, type TResolveContext } from "./env.ts";
import { httpPort, type THttpConfig } from "./http.ts";
import { imageEditPort, type TImageEditPortConfig } from "./image-edit.ts";
import { klingPort, type TKlingPortConfig } from "./kling.ts";
import { llmPort, type TLlmPortConfig } from "./llm.ts";
import { mailPort, type TMailPortConfig } from "./mail.ts";
import { oauthPort, type TOauthPortConfig } from "./oauth.ts";
import { operatorPort, type TOperatorPortConfig } from "./operator.ts";
import { paymentsPort, type TPaymentsPortConfig } from "./payments.ts";
import { productPort, type TProductConfig } from "./product.ts";
import { queuePort, type TQueueConfig } from "./queue.ts";
import { resolveDataDir, runtimePort, type TRuntimeConfig } from "./runtime.ts";
import { storagePort, type TStoragePortConfig } from "./storage.ts";

export type { TComfyuiConfig } from "./comfyui.ts";
export type { TDatabaseTarget } from "./db.ts";
export type { TFaceEditEngineConfig, TRetouchEngineConfig, TRunpodConfig } from "./engines.ts";
export { REPO_ROOT } from "./env.ts";
export type { THttpTimeouts } from "./http.ts";
export type { TImageEditConfig } from "./image-edit.ts";
export type { TLlmConfig } from "./llm.ts";
export type { TMailConfig } from "./mail.ts";
export type { TAuthProvidersConfig } from "./oauth.ts";
export { operatorWarning } from "./operator.ts";
export type { TPaymentsConfig } from "./payments.ts";
export { ROLE_NAMES, type TRole } from "./runtime.ts";
export type { TStorageConfig } from "./storage.ts";

/** The whole configuration: every port's settings side by side. */
export interface Config
  extends TRuntimeConfig,
    THttpConfig,
    TDbConfig,
    TQueueConfig,
    TStoragePortConfig,
    TMailPortConfig,
    TPaymentsPortConfig,
    TOauthPortConfig,
    TEnginesConfig,
    TLlmPortConfig,
    TKlingPortConfig,
    TImageEditPortConfig,
    TProductConfig,
    TOperatorPortConfig {
  /** The ComfyUI engine (issue 25), when some tool runs on it; undefined otherwise. */
  comfyui: TComfyuiConfig | undefined;
}

/** Every port, in the order their problems are listed. */
export const CONFIG_PORTS = [
  runtimePort,
  httpPort,
  dbPort,
  queuePort,
  storagePort,
  mailPort,
  paymentsPort,
  oauthPort,
  enginesPort,
  llmPort,
  klingPort,
  imageEditPort,
  comfyuiPort,
  productPort,
  operatorPort,
] as const;

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Build the config from an explicit environment (tests pass their own object). Throws a
 * ConfigError listing every bad variable of every port.
 */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Readonly<Config> {
  const problems: string[] = [];
  // DATA_DIR anchors the database's default file; a bad runtime port is reported with the rest.
  const dataDirRaw =
    typeof env.DATA_DIR === "string" && env.DATA_DIR.trim() !== "" ? env.DATA_DIR.trim() : undefined;
  const ctx: TResolveContext = { cwd, dataDir: resolveDataDir(dataDirRaw, cwd) };

  function take<TSchema extends z.ZodType, TSettings>(
    port: TPort<TSchema, TSettings>,
  ): TSettings | undefined {
    const parsed = port.schema.safeParse(env);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`  ${issue.path.join(".") || "(env)"}: ${issue.message}`);
      }
      return undefined;
    }
    const settings = port.resolve(parsed.data, ctx);
    if (settings instanceof ConfigIssues) {
      problems.push(...settings.lines.map((line) => `  ${line}`));
      return undefined;
    }
    return settings;
  }

  const parts = {
    runtime: take(runtimePort),
    http: take(httpPort),
    db: take(dbPort),
    queue: take(queuePort),
    storage: take(storagePort),
    mail: take(mailPort),
    payments: take(paymentsPort),
    oauth: take(oauthPort),
    engines: take(enginesPort),
    llm: take(llmPort),
    kling: take(klingPort),
    imageEdit: take(imageEditPort),
    comfyui: take(comfyuiPort),
    product: take(productPort),
    operator: take(operatorPort),
  };
  // ComfyUI joins four ports: the tools that chose it, where it runs, and RunPod's key.
  let comfyui: TComfyuiConfig | undefined;
  if (parts.engines && parts.kling && parts.imageEdit && parts.comfyui) {
    const tools: TWorkflowTool[] = [];
    if (parts.engines.retouchEngine.kind === "comfyui") tools.push("retouch");
    if (parts.engines.faceEditEngine.kind === "comfyui") tools.push("face-edit");
    if (parts.imageEdit.imageEdit?.provider === "comfyui") tools.push("image-edit");
    if (parts.kling.generationProvider === "comfyui") tools.push("generation");
    const comfyProblems: string[] = [];
    comfyui = resolveComfyui(tools, parts.comfyui.comfyuiSettings, parts.engines.runpod, comfyProblems);
    problems.push(...comfyProblems.map((line) => `  ${line}`));
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  const p = parts as { [K in keyof typeof parts]: NonNullable<(typeof parts)[K]> };
  const config: Config = {
    ...p.runtime,
    ...p.http,
    ...p.db,
    ...p.queue,
    ...p.storage,
    ...p.mail,
    ...p.payments,
    ...p.oauth,
    ...p.engines,
    ...p.llm,
    ...p.kling,
    ...p.imageEdit,
    comfyui,
    ...p.product,
    ...p.operator,
  };
  return Object.freeze(config);
}
