import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, AUTH_INVALID_EVENT, type AuthInvalidDetail, apiGet, apiPost } from "./api-client.ts";

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

const fetchMock = vi.fn<typeof fetch>();

function captureAuthInvalid(): AuthInvalidDetail[] {
  const events: AuthInvalidDetail[] = [];
  const listener = (event: Event) => events.push((event as CustomEvent<AuthInvalidDetail>).detail);
  window.addEventListener(AUTH_INVALID_EVENT, listener);
  cleanups.push(() => window.removeEventListener(AUTH_INVALID_EVENT, listener));
  return events;
}

const cleanups: Array<() => void> = [];

beforeEach(() => {
  vi.stubGlobal("fetch", fetchMock);
  window.localStorage.setItem("user", JSON.stringify({ id: 7, email: "a@b.c" }));
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe("api client", () => {
  it("sends cookies and asks for no caching", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await apiGet("/api/feature/flags");
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/feature/flags");
    expect(init?.credentials).toBe("include");
    expect(init?.cache).toBe("no-store");
  });

  it("sends JSON bodies and query parameters", async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { success: true }));
    await apiPost("/api/thing", { a: 1 });
    await apiGet("/api/affiliate/click", { query: { aff: "abc", campaign: undefined } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe("POST");
    expect(init?.body).toBe('{"a":1}');
    const headers = init?.headers as Record<string, string>;
    expect(headers["Content-Type"]).toBe("application/json");
    expect(fetchMock.mock.calls[1]![0]).toBe("/api/affiliate/click?aff=abc");
  });

  it("raises auth:invalid with the response's message on a 401", async () => {
    const events = captureAuthInvalid();
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        success: false,
        code: "SESSION_EXPIRED",
        error: "Expired.",
        message: "Log in again.",
      }),
    );
    await expect(apiGet("/api/payment/subscription-status")).rejects.toMatchObject({
      status: 401,
      code: "SESSION_EXPIRED",
    });
    expect(events).toEqual([{ message: "Log in again.", code: "SESSION_EXPIRED" }]);
  });

  it("falls back to the error field on a 419 without a message", async () => {
    const events = captureAuthInvalid();
    fetchMock.mockResolvedValue(jsonResponse(419, { success: false, code: "X", error: "Session gone." }));
    await expect(apiPost("/api/notices", {})).rejects.toBeInstanceOf(ApiError);
    expect(events[0]?.message).toBe("Session gone.");
  });

  it("does not raise auth:invalid for a wrong password at login or register", async () => {
    const events = captureAuthInvalid();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, code: "INVALID_CREDENTIALS", error: "Wrong e-mail or password." }),
    );
    await expect(apiPost("/api/auth/login", { email: "a@b.c", password: "x" })).rejects.toMatchObject({
      status: 401,
      code: "INVALID_CREDENTIALS",
      message: "Wrong e-mail or password.",
    });
    await expect(apiPost("/api/auth/register", {})).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it("does not raise auth:invalid for a visitor who was never signed in", async () => {
    window.localStorage.clear();
    const events = captureAuthInvalid();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { success: false, code: "AUTH_REQUIRED", error: "Sign in." }),
    );
    await expect(apiGet("/api/images")).rejects.toBeInstanceOf(ApiError);
    expect(events).toEqual([]);
  });

  it("turns a network failure into a NETWORK_ERROR ApiError", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(apiGet("/api/auth/check")).rejects.toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });

  it("rejects a 2xx answer that is not JSON (an HTML fallback page)", async () => {
    fetchMock.mockResolvedValue(
      new Response("<!doctype html>", { status: 200, headers: { "content-type": "text/html" } }),
    );
    await expect(apiGet("/api/feature/flags")).rejects.toMatchObject({ code: "INVALID_RESPONSE" });
  });

  it("never carries HTTP status text: a non-JSON failure gets a code chosen by its status", async () => {
    const cases: Array<[number, string, string]> = [
      [502, "Bad Gateway", "SERVICE_UNAVAILABLE"],
      [503, "Service Unavailable", "SERVICE_UNAVAILABLE"],
      [504, "Gateway Timeout", "SERVICE_UNAVAILABLE"],
      [500, "Internal Server Error", "INTERNAL_ERROR"],
      [507, "Insufficient Storage", "INTERNAL_ERROR"],
      [413, "Payload Too Large", "PAYLOAD_TOO_LARGE"],
      [429, "Too Many Requests", "RATE_LIMITED"],
      [418, "I'm a Teapot", "REQUEST_FAILED"],
    ];
    for (const [status, statusText, code] of cases) {
      fetchMock.mockResolvedValueOnce(
        new Response(`<html><body><h1>${status} ${statusText}</h1></body></html>`, {
          status,
          statusText,
          headers: { "content-type": "text/html" },
        }),
      );
      const error = (await apiGet("/api/feature/flags").catch((caught: unknown) => caught)) as ApiError;
      expect(error, statusText).toBeInstanceOf(ApiError);
      expect(error.code, statusText).toBe(code);
      expect(error.message, statusText).toBe(`HTTP ${status}`);
    }
  });

  it("chooses the code by status for a JSON answer without one, and keeps details", async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { message: "upstream down" }));
    await expect(apiGet("/api/feature/flags")).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE" });
    fetchMock.mockResolvedValue(
      jsonResponse(400, { success: false, code: "VALIDATION_ERROR", error: "x", details: { issues: [] } }),
    );
    await expect(apiGet("/api/feature/flags")).rejects.toMatchObject({ details: { issues: [] } });
  });

  it("keeps the server's code and error on other failures", async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { success: false, code: "EMAIL_TAKEN", error: "Taken." }));
    const error = await apiPost("/api/auth/register", {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: "EMAIL_TAKEN", message: "Taken." });
  });
});
