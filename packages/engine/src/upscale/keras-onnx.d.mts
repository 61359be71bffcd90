/** Types for keras-onnx.mjs (plain JavaScript, loaded by the upscale worker). */
export interface TKerasModel {
  config: unknown;
  weights: Map<string, { shape: number[]; values: Float32Array }>;
}
export function readKerasModel(modelJsonPath: string): TKerasModel;
export function kerasToOnnx(model: TKerasModel): Buffer;
