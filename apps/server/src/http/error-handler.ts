/**
 * One error handler for the whole API: every failure answers `{ success: false, error, code }`
 * (packages/shared contracts/common.ts; ARCHITECTURE "a bad request gets 400 ..., never a 500").
 */
import type { TErrorCode, TErrorResponse } from "@gyeol/shared/contracts/common";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { isAppError } from "../lib/app-error.ts";
import { dependencyOf, dependencyUnavailable } from "../lib/dependency-error.ts";
import { fromFastifyValidation, summarizeIssues, toValidationIssue } from "../lib/validation-issues.ts";

interface HttpFailure {
  status: number;
  body: TErrorResponse & { maintenance?: true };
}

function fail(status: number, code: TErrorCode, error: string, details?: unknown): HttpFailure {
  return {
    status,
    body: {
      success: false,
      error,
      code,
      ...(details === undefined ? {} : { details }),
      // spec 02 §7, §8: a paid tool under maintenance answers 503 with the maintenance flag.
      ...(code === "MAINTENANCE" ? { maintenance: true } : {}),
    },
  };
}

/** Fastify's own error codes, mapped to ours with a message a client can show. */
const FRAMEWORK_ERRORS: Record<string, { status: number; code: TErrorCode; error: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: "INVALID_JSON",
    error: "The request body is not valid JSON.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "INVALID_JSON", error: "The request body is empty." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    error: "This content type is not supported here; send application/json.",
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "PAYLOAD_TOO_LARGE",
    error: "The request body is too large.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "VALIDATION_ERROR",
    error: "The Content-Length header does not match the body.",
  },
  FST_ERR_BAD_URL: { status: 400, code: "VALIDATION_ERROR", error: "The address is not valid." },
  // @fastify/multipart (read-multipart.ts): its limits say 413, its content-type check 406.
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    status: 415,
    code: "UNSUPPORTED_MEDIA_TYPE",
    error: "Send this request as multipart/form-data.",
  },
  FST_PARTS_LIMIT: { status: 413, code: "PAYLOAD_TOO_LARGE", error: "The form has too many parts." },
  FST_FILES_LIMIT: { status: 413, code: "PAYLOAD_TOO_LARGE", error: "The form has too many files." },
  FST_FIELDS_LIMIT: { status: 413, code: "PAYLOAD_TOO_LARGE", error: "The form has too many fields." },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "PAYLOAD_TOO_LARGE", error: "A file is too large." },
  FST_PROTO_VIOLATION: {
    status: 400,
    code: "VALIDATION_ERROR",
    error: "A form field has a name that is not allowed.",
  },
  FST_INVALID_JSON_FIELD_ERROR: {
    status: 400,
    code: "VALIDATION_ERROR",
    error: "A form field sent as application/json is not valid JSON.",
  },
  FST_MP_PREMATURE_CLOSE: {
    status: 400,
    code: "VALIDATION_ERROR",
    error: "The request ended before the form was complete.",
  },
};

/** For 4xx errors of unknown origin (plugins), the nearest code by status. */
const CODE_BY_STATUS: Record<number, TErrorCode> = {
  400: "VALIDATION_ERROR",
  401: "AUTH_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
};

/** `source`: the request, so a missing field reads as required rather than a wrong type. */
function describeValidation(error: FastifyError, source?: FastifyRequest): HttpFailure {
  const location = error.validationContext ?? "body";
  const validated = source ? validatedPart(source, location) : undefined;
  const issues = (error.validation ?? []).map((entry) =>
    toValidationIssue(fromFastifyValidation(entry), location, validated),
  );
  return fail(400, "VALIDATION_ERROR", summarizeIssues(issues), { issues });
}

function validatedPart(request: FastifyRequest, location: string): unknown {
  if (location === "querystring") return request.query;
  if (location === "params") return request.params;
  if (location === "headers") return request.headers;
  return request.body;
}

export function toHttpFailure(error: unknown, request?: FastifyRequest): HttpFailure {
  if (isAppError(error)) return fail(error.status, error.code, error.message, error.details);
  const err = error as FastifyError;
  if (hasZodFastifySchemaValidationErrors(err) || Array.isArray(err?.validation))
    return describeValidation(err, request);
  const known = err?.code ? FRAMEWORK_ERRORS[err.code] : undefined;
  if (known) return fail(known.status, known.code, known.error);
  const status = typeof err?.statusCode === "number" ? err.statusCode : 500;
  if (status >= 500) {
    // A dependency down or cut off: 503 with a code the page explains, not a 500 (issue 28).
    const dependency = dependencyOf(error);
    if (dependency) {
      const failure = dependencyUnavailable(dependency === "unknown" ? null : dependency);
      return fail(failure.status, failure.code, failure.message, failure.details);
    }
  }
  if (status === 429)
    return fail(429, "RATE_LIMITED", "Too many attempts. Please wait a minute and try again.");
  if (status >= 400 && status < 500) {
    return fail(
      status,
      CODE_BY_STATUS[status] ?? "VALIDATION_ERROR",
      err.message || "The request is not valid.",
    );
  }
  return fail(500, "INTERNAL_ERROR", "Something went wrong on our side. Please try again.");
}

export function sendFailure(reply: FastifyReply, failure: HttpFailure) {
  return reply.code(failure.status).header("cache-control", "no-store").send(failure.body);
}

export function registerErrorHandler(
  app: FastifyInstance,
  /** Told of every error answer (the metrics count them by code). */
  onFailure?: (code: string, status: number) => void,
) {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const failure = toHttpFailure(error, request);
    onFailure?.(failure.body.code, failure.status);
    // An AppError is an answer we chose (503 PROVIDER_NOT_CONFIGURED, MAINTENANCE, a provider
    // that is down): worth a warning, not the "unhandled error" an operator is paged for.
    if (failure.status >= 500 && !isAppError(error) && failure.body.code !== "DEPENDENCY_UNAVAILABLE")
      request.log.error({ err: error }, "unhandled error");
    else if (failure.body.code === "DEPENDENCY_UNAVAILABLE")
      request.log.warn({ err: error, details: failure.body.details }, "a dependency did not answer");
    else if (failure.status >= 500)
      request.log.warn({ code: failure.body.code, status: failure.status }, "request refused");
    else if (isAppError(error) && error.review)
      request.log.warn(
        {
          code: failure.body.code,
          status: failure.status,
          userId: request.user?.id ?? null,
          ...error.review.fields,
        },
        error.review.message,
      );
    else request.log.debug({ code: failure.body.code, status: failure.status }, "request refused");
    return sendFailure(reply, failure);
  });
}
