import { STORAGE_KEY_USER } from "@gyeol/shared/constants";
import { readStorage } from "./storage.ts";

/**
 * The one HTTP client of the web app (spec 01 §7): same-origin /api paths, cookies always sent,
 * no caching, JSON in and out, and every failure turned into a typed ApiError.
 */

export const AUTH_INVALID_EVENT = "auth:invalid";

export interface AuthInvalidDetail {
  message?: string;
  code?: string;
}

/**
 * Codes the client itself produces when no server answer could be read: the request never
 * arrived, a 2xx was not JSON, a proxy answered 502/503/504 without our JSON, or another status
 * came back without a code. Each has a sentence in errors.codes (issue 12: a person never reads
 * HTTP status text or a sentence the server wrote).
 */
export const CLIENT_ERROR_CODES = {
  NETWORK_ERROR: "NETWORK_ERROR",
  INVALID_RESPONSE: "INVALID_RESPONSE",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  REQUEST_FAILED: "REQUEST_FAILED",
} as const;

export class ApiError extends Error {
  override name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Calls whose 401 means "wrong credentials", not "your session ended": a wrong password must
 * not open the session-expired modal.
 */
const AUTH_EVENT_EXCLUDED_PATHS = ["/api/auth/login", "/api/auth/register", "/api/auth/google"];

const SESSION_INVALID_STATUSES = new Set([401, 419]);

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** false: a 401/419 of this call is handled by the caller and raises no auth:invalid event. */
  notifyAuthInvalid?: boolean;
}

function buildUrl(path: string, query: ApiRequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function pathOf(path: string): string {
  return path.split("?")[0] ?? path;
}

function hasStoredUser(): boolean {
  return readStorage(STORAGE_KEY_USER) !== null;
}

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get("content-type") ?? "";
  if (!type.includes("json")) return undefined;
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function field(payload: unknown, key: string): string | undefined {
  if (payload && typeof payload === "object" && key in payload) {
    const value = (payload as Record<string, unknown>)[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** Statuses whose meaning is ours whoever answered (a proxy's 413 is still "too large"). */
const CODE_BY_STATUS: Record<number, string> = {
  401: "AUTH_REQUIRED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  405: "METHOD_NOT_ALLOWED",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  419: "SESSION_EXPIRED",
  429: "RATE_LIMITED",
  500: "INTERNAL_ERROR",
  502: CLIENT_ERROR_CODES.SERVICE_UNAVAILABLE,
  503: CLIENT_ERROR_CODES.SERVICE_UNAVAILABLE,
  504: CLIENT_ERROR_CODES.SERVICE_UNAVAILABLE,
};

/** The code of a failed answer: the server's own, else one the web translates, chosen by status. */
export function codeForFailure(status: number, payload: unknown): string {
  const code = field(payload, "code");
  if (code) return code;
  if (CODE_BY_STATUS[status]) return CODE_BY_STATUS[status];
  return status >= 500 ? "INTERNAL_ERROR" : CLIENT_ERROR_CODES.REQUEST_FAILED;
}

/**
 * The ApiError of a non-2xx answer (fetch here, XMLHttpRequest for uploads). `message` is for logs
 * only: the server's English sentence or "HTTP 502", never the status text; pages show the
 * translation of `code` (api-errors.ts).
 */
export function failureFromResponse(status: number, payload: unknown): ApiError {
  const details =
    payload && typeof payload === "object" ? (payload as Record<string, unknown>).details : undefined;
  return new ApiError(
    status,
    codeForFailure(status, payload),
    field(payload, "error") ?? field(payload, "message") ?? `HTTP ${status}`,
    details,
  );
}

function dispatchAuthInvalid(detail: AuthInvalidDetail): void {
  window.dispatchEvent(new CustomEvent<AuthInvalidDetail>(AUTH_INVALID_EVENT, { detail }));
}

function shouldNotifyAuthInvalid(path: string, options: ApiRequestOptions): boolean {
  if (options.notifyAuthInvalid === false) return false;
  if (AUTH_EVENT_EXCLUDED_PATHS.includes(pathOf(path))) return false;
  // A visitor who never signed in has no login to lose.
  return hasStoredUser();
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", body, query, signal } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: "include",
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(0, CLIENT_ERROR_CODES.NETWORK_ERROR, message);
  }

  const data = await readJson(response);

  if (!response.ok) {
    const failure = failureFromResponse(response.status, data);
    if (SESSION_INVALID_STATUSES.has(response.status) && shouldNotifyAuthInvalid(path, options)) {
      dispatchAuthInvalid({ message: field(data, "message") ?? field(data, "error"), code: failure.code });
    }
    throw failure;
  }

  if (response.status === 204) return undefined as T;
  // A 2xx that is not JSON is an HTML fallback page or a proxy answer, never our API.
  if (data === undefined) {
    throw new ApiError(
      response.status,
      CLIENT_ERROR_CODES.INVALID_RESPONSE,
      "The server answer was not JSON.",
    );
  }
  return data as T;
}

export function apiGet<T>(
  path: string,
  options: Omit<ApiRequestOptions, "method" | "body"> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: "GET" });
}

export function apiPost<T>(
  path: string,
  body?: unknown,
  options: Omit<ApiRequestOptions, "method" | "body"> = {},
): Promise<T> {
  return apiRequest<T>(path, { ...options, method: "POST", body });
}
