/**
 * The provider's failures turned into our codes (issue 14 "the provider's error body turned into
 * our codes"). The AI SDK retries 408, 409, 429 and 5xx itself (maxRetries); what reaches here is
 * the last failure. The provider's own message (OpenAI's {"error":{"message"}}) goes into the
 * English `error` for logs; pages show only the translation of the code.
 */
import { APICallError, RetryError } from "ai";
import { AppError } from "../../lib/app-error.ts";

function providerMessage(error: APICallError): string {
  const data = error.data as { error?: { message?: unknown } } | undefined;
  const message = typeof data?.error?.message === "string" ? data.error.message : error.message;
  return message.slice(0, 300);
}

function isTimeout(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError") return true;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error && cause.name === "TimeoutError";
}

/** The AppError for whatever the SDK threw or streamed as an error part. */
export function toLlmError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (RetryError.isInstance(error)) return toLlmError(error.lastError);
  if (isTimeout(error)) {
    return new AppError(504, "LLM_TIMEOUT", "The language model did not answer in time.");
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    const said = providerMessage(error);
    if (status === 429)
      return new AppError(503, "LLM_RATE_LIMITED", `The language model is rate limiting us: ${said}`);
    // A 2xx here is a reply that broke on its way (a stream that ended early): not the request's fault.
    if (status === undefined || status < 300 || status === 408 || status === 409 || status >= 500)
      return new AppError(502, "LLM_UNAVAILABLE", `The language model failed: ${said}`);
    return new AppError(502, "LLM_REJECTED", `The language model refused the request (${status}): ${said}`);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new AppError(502, "LLM_UNAVAILABLE", `The language model failed: ${message.slice(0, 300)}`);
}
