import type { TErrorCode } from "@gyeol/shared/contracts/common";

/**
 * An error meant for the client: the error handler answers `{ success: false, error, code }`
 * with this status (ARCHITECTURE "Rules": a bad request gets 4xx, never a 500).
 */
export class AppError extends Error {
  override name = "AppError";
  /**
   * A refusal an operator may want to review (an upload refused as inappropriate): the error
   * handler logs these fields at warn level with the user's id. Never sent to the client.
   */
  review?: { message: string; fields: Record<string, unknown> };

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
