import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EngineError } from "../errors.ts";
import type { RgbImage } from "../image.ts";
import { assertModelFile, ENGINE_MODELS_DIR, resolvePackageDir } from "../runtime/model-files.ts";
import { loadTf, wasmBinariesDir } from "../runtime/tf.ts";

const require = createRequire(import.meta.url);

type THumanModule = typeof import("@vladmandic/human");
type THuman = InstanceType<THumanModule["Human"]>;

/** One detected face as Human reports it, in the coordinates of the image it was given. */
export interface TDetectedFace {
  score: number;
  box: [number, number, number, number];
  /** 478 points [x, y, z] (MediaPipe face mesh with irises). */
  mesh: Array<[number, number, number]>;
  /** 1024-d identity descriptor (Human's faceres model). */
  embedding: number[];
}

const FACE_MODELS = ["blazeface.json", "facemesh.json", "iris.json", "faceres.json"];
export const SELFIE_MODEL_FILE = path.join(ENGINE_MODELS_DIR, "selfie", "selfie.json");

let humanReady: Promise<THuman> | null = null;

/**
 * Human on its node-wasm build, sharing this thread's tfjs. Created on first use and kept for the
 * life of the process; models come from @vladmandic/human/models and the engine's selfie model.
 */
export function loadHuman(): Promise<THuman> {
  humanReady ??= (async () => {
    await loadTf();
    const humanDir = resolvePackageDir("@vladmandic/human");
    const modelsDir = path.join(humanDir, "models");
    for (const file of FACE_MODELS) assertModelFile(path.join(modelsDir, file));
    assertModelFile(SELFIE_MODEL_FILE);
    // The package's "exports" keys lack "./", so the wasm build is required by its path.
    const { Human } = require(path.join(humanDir, "dist", "human.node-wasm.js")) as THumanModule;
    const human = new Human({
      backend: "wasm",
      wasmPath: wasmBinariesDir(),
      modelBasePath: `${pathToFileURL(modelsDir).href}/`,
      debug: false,
      cacheModels: false,
      async: true,
      warmup: "none",
      // Human skips work on inputs similar to the last one (made for video); every photo is new here.
      cacheSensitivity: 0,
      filter: { enabled: false },
      face: {
        enabled: true,
        detector: {
          rotation: false,
          maxDetected: 20,
          minConfidence: 0.4,
          return: false,
          skipFrames: 0,
          skipTime: 0,
        },
        mesh: { enabled: true },
        iris: { enabled: true, skipFrames: 0, skipTime: 0 },
        description: { enabled: true, skipFrames: 0, skipTime: 0 },
        emotion: { enabled: false },
        antispoof: { enabled: false },
        liveness: { enabled: false },
        attention: { enabled: false },
        gear: { enabled: false },
      },
      body: { enabled: false },
      hand: { enabled: false },
      object: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: true, modelPath: pathToFileURL(SELFIE_MODEL_FILE).href },
    });
    try {
      await human.load();
    } catch (error) {
      humanReady = null;
      throw new EngineError("MODEL_MISSING", `Face models did not load from ${modelsDir}: ${String(error)}`, {
        cause: error,
      });
    }
    return human;
  })();
  return humanReady;
}

async function withInputTensor<T>(image: RgbImage, run: (tensor: unknown) => Promise<T>): Promise<T> {
  const tf = await loadTf();
  const tensor = tf.tensor4d(image.data, [1, image.height, image.width, 3], "int32");
  try {
    return await run(tensor);
  } finally {
    tensor.dispose();
  }
}

/** Every face with its mesh and identity descriptor, best score first. */
export async function detectFacesRaw(image: RgbImage): Promise<TDetectedFace[]> {
  const human = await loadHuman();
  const result = await withInputTensor(image, (tensor) => human.detect(tensor as never));
  if (result.error) throw new EngineError("ENGINE_FAILED", `Face detection failed: ${result.error}`);
  return result.face
    .filter((face) => face.mesh.length >= 468)
    .map((face) => ({
      score: face.score,
      box: face.box as [number, number, number, number],
      mesh: face.mesh as Array<[number, number, number]>,
      embedding: Array.from(face.embedding ?? []),
    }))
    .sort((a, b) => b.score - a.score);
}

/** Person probability 0..255 per pixel (selfie segmentation includes hair), at the image's size. */
export async function segmentPersonRaw(image: RgbImage): Promise<Uint8Array> {
  const human = await loadHuman();
  const tf = await loadTf();
  return withInputTensor(image, async (tensor) => {
    const rgba = (await human.segmentation(tensor as never)) as unknown as
      | import("@tensorflow/tfjs").Tensor3D
      | null;
    if (!rgba) throw new EngineError("ENGINE_FAILED", "Person segmentation returned nothing.");
    try {
      const [h, w, c] = rgba.shape;
      if (h !== image.height || w !== image.width) throw new Error(`mask shape ${h}x${w}`);
      const alpha = tf.tidy(() => tf.slice(rgba, [0, 0, c - 1], [h, w, 1]));
      const values = await alpha.data();
      alpha.dispose();
      const out = new Uint8Array(w * h);
      for (let i = 0; i < out.length; i++) out[i] = Math.max(0, Math.min(255, values[i]!));
      return out;
    } finally {
      rgba.dispose();
    }
  });
}
