import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { EngineError } from "../errors.ts";
import type { Mask, RgbImage } from "../image.ts";
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
}

const FACE_MODELS = ["blazeface.json", "facemesh.json", "iris.json"];
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
        // Off: the identity descriptor (faceres) runs on the worker pool, on identity.ts's own crops,
        // only when a retouch needs it; inside detect it cost ~100 ms per face per call.
        description: { enabled: false },
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

/** Every face with its mesh, best score first. */
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
    }))
    .sort((a, b) => b.score - a.score);
}

/**
 * Person probability 0..1 (selfie segmentation, which includes hair) at the model's own 256²
 * resolution, for any aspect ratio: the caller enlarges it to its mask size. The model runs here
 * directly rather than through human.segmentation(), which would resize the mask back to the
 * input and join it to the photo as RGBA only for us to take the alpha out again.
 */
export async function segmentPersonRaw(image: RgbImage): Promise<Mask> {
  const human = (await loadHuman()) as unknown as {
    models: { models: Record<string, import("@tensorflow/tfjs").GraphModel | null> };
  };
  const model = human.models.models.selfie;
  const shape = model?.inputs[0]?.shape;
  if (!model || !shape) throw new EngineError("MODEL_MISSING", "The selfie segmentation model did not load.");
  const [, height, width] = shape as [number, number, number, number];
  const tf = await loadTf();
  const output = tf.tidy(() => {
    const input = tf.tensor4d(image.data, [1, image.height, image.width, 3], "int32");
    const normalised = tf.div(tf.image.resizeBilinear(input, [height, width], false), 255);
    return model.execute(normalised) as import("@tensorflow/tfjs").Tensor;
  });
  try {
    const values = await output.data();
    if (values.length !== width * height)
      throw new EngineError("ENGINE_FAILED", "Person segmentation returned nothing.");
    const data = new Float32Array(values.length);
    for (let i = 0; i < data.length; i++) data[i] = Math.min(1, Math.max(0, values[i]!));
    return { data, width, height };
  } finally {
    output.dispose();
  }
}
