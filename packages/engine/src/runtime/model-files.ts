import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { EngineError } from "../errors.ts";

const require = createRequire(import.meta.url);

/** The engine's own folder of vendored models (the 0.2 MB selfie segmentation model, see models/README.md). */
export const ENGINE_MODELS_DIR = fileURLToPath(new URL("../../models/", import.meta.url));

/**
 * Finds an installed package's root folder without importing it (several model packages have no
 * usable "exports" for their data files).
 */
export function resolvePackageDir(packageName: string): string {
  const candidates = require.resolve.paths(packageName) ?? [];
  for (const dir of candidates) {
    const root = path.join(dir, packageName);
    if (fs.existsSync(path.join(root, "package.json"))) return root;
  }
  throw new EngineError(
    "MODEL_MISSING",
    `Package ${packageName} is not installed (looked in ${candidates.slice(0, 3).join(", ")}…); run npm install.`,
  );
}

/** Absolute path of a model file inside a package, or MODEL_MISSING naming the file. */
export function resolveModelFile(packageName: string, relativePath: string): string {
  const file = path.join(resolvePackageDir(packageName), relativePath);
  assertModelFile(file);
  return file;
}

export function assertModelFile(file: string): void {
  if (!fs.existsSync(file)) {
    throw new EngineError("MODEL_MISSING", `Model file missing: ${file}. Reinstall node_modules (npm ci).`);
  }
}

interface TModelJson {
  modelTopology?: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  userDefinedMetadata?: Record<string, unknown>;
  modelInitializer?: unknown;
  weightsManifest: Array<{ paths: string[]; weights: unknown[] }>;
}

/** What tf.io handlers return; kept structural so this file does not import tfjs. */
export interface TModelArtifacts {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  userDefinedMetadata?: Record<string, unknown>;
  modelInitializer?: unknown;
  weightSpecs: unknown[];
  weightData: ArrayBuffer;
}

/** Reads a TF.js model.json and its weight shards from disk, checking every file first. */
export function readModelArtifacts(modelJsonPath: string): TModelArtifacts {
  assertModelFile(modelJsonPath);
  const json = JSON.parse(fs.readFileSync(modelJsonPath, "utf8")) as TModelJson;
  const dir = path.dirname(modelJsonPath);
  const weightSpecs: unknown[] = [];
  const shards: Buffer[] = [];
  for (const group of json.weightsManifest) {
    for (const shard of group.paths) {
      const file = path.join(dir, shard);
      assertModelFile(file);
      shards.push(fs.readFileSync(file));
    }
    weightSpecs.push(...group.weights);
  }
  const all = Buffer.concat(shards);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
    modelInitializer: json.modelInitializer,
    weightSpecs,
    weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer,
  };
}
