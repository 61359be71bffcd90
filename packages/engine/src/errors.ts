/**
 * Every failure the engine reports is an EngineError with a stable code, so the server can map it to
 * an API error without parsing messages. Anything else escaping the engine is a bug.
 */
export type TEngineErrorCode =
  /** The bytes are not a decodable JPEG/PNG/WebP, or the file is truncated or corrupt. */
  | "INVALID_IMAGE"
  /** The image is larger than the caller's pixel limit (or, for the retouch, ENGINE_MAX_INPUT_PIXELS). */
  | "IMAGE_TOO_LARGE"
  /** The retouch's input is under ENGINE_MIN_SIDE_PX on its shorter side (packages/shared retouch.ts). */
  | "IMAGE_TOO_SMALL"
  /** The retouch's input is longer than ENGINE_MAX_ASPECT_RATIO times its shorter side. */
  | "IMAGE_ASPECT_RATIO_UNSUPPORTED"
  /** An argument is outside its documented range. */
  | "INVALID_ARGUMENT"
  /** A model file that should ship inside node_modules (or the engine) is absent. */
  | "MODEL_MISSING"
  /** A worker or model failed while running. */
  | "ENGINE_FAILED";

export class EngineError extends Error {
  readonly code: TEngineErrorCode;

  constructor(code: TEngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EngineError";
    this.code = code;
  }
}

export function isEngineError(error: unknown): error is EngineError {
  return error instanceof EngineError;
}
