import type { TErrorCode } from "@gyeol/shared/contracts/common";

/**
 * An error meant for the client: the error handler answers `{ success: false, error, code }`
 * with this status (ARCHITECTURE "Rules": a bad request gets 4xx, never a 500).
 */
export class AppError extends Error {
  override name = "AppError";

  constructor(
    readonly status: number,
    readonly code: TErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
