import type { TFunction } from "i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiPost } from "./api-client.ts";
import { describeError, formErrorsOf, summarizeFormErrors } from "./api-errors.ts";
import { en } from "./i18n/en.ts";
import { i18n } from "./i18n/i18n.ts";
import { ko } from "./i18n/ko.ts";

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => vi.stubGlobal("fetch", fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

function htmlResponse(status: number, statusText: string): Response {
  return new Response(`<html><body><center><h1>${status} ${statusText}</h1></center></body></html>`, {
    status,
    statusText,
    headers: { "content-type": "text/html" },
  });
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

async function failureOf(response: Response | Error): Promise<unknown> {
  if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
  else fetchMock.mockResolvedValueOnce(response);
  return apiGet("/api/thing").then(
    () => expect.unreachable("the call should fail"),
    (error: unknown) => error,
  );
}

const t = i18n.t.bind(i18n) as TFunction;
const LANGUAGES = [
  { lng: "ko", strings: ko },
  { lng: "en", strings: en },
] as const;

describe.each(LANGUAGES)("what a person reads for a failed call ($lng)", ({ lng, strings }) => {
  beforeEach(async () => {
    await i18n.changeLanguage(lng);
  });

  it("says 'temporarily unavailable' for a proxy's 502, 503 or 504 page, never its status text", async () => {
    for (const [status, text] of [
      [502, "Bad Gateway"],
      [503, "Service Unavailable"],
      [504, "Gateway Timeout"],
    ] as const) {
      const shown = describeError(await failureOf(htmlResponse(status, text)), t, "fallback");
      expect(shown).toBe(strings.errors.codes.SERVICE_UNAVAILABLE);
      expect(shown).not.toContain(text);
    }
  });

  it("says 'something went wrong on our side' for a bare 500", async () => {
    const shown = describeError(await failureOf(htmlResponse(500, "Internal Server Error")), t, "fallback");
    expect(shown).toBe(strings.errors.codes.INTERNAL_ERROR);
  });

  it("says the server could not be reached when the request never arrived", async () => {
    const shown = describeError(await failureOf(new TypeError("Failed to fetch")), t, "fallback");
    expect(shown).toBe(strings.errors.codes.NETWORK_ERROR);
  });

  it("translates a known code and ignores the server's English sentence", async () => {
    const error = await failureOf(
      jsonResponse(409, {
        success: false,
        code: "ALREADY_SUBSCRIBED",
        error: "You already have a subscription; use change-plan.",
      }),
    );
    expect(describeError(error, t, "fallback")).toBe(strings.errors.codes.ALREADY_SUBSCRIBED);
  });

  it("shows the screen's generic sentence for a code it does not know, not the server's", async () => {
    const error = await failureOf(
      jsonResponse(422, { success: false, code: "BRAND_NEW_CODE", error: "Something only the server says." }),
    );
    expect(describeError(error, t, strings.errors.generic)).toBe(strings.errors.generic);
    expect(describeError(new Error("a bug's message"), t, strings.errors.generic)).toBe(
      strings.errors.generic,
    );
  });

  it("names the field and the reason of a validation error", async () => {
    const error = await failureOf(
      jsonResponse(400, {
        success: false,
        code: "VALIDATION_ERROR",
        error: "password: Too big: expected string to have <=128 characters",
        details: {
          issues: [
            {
              location: "body",
              path: "password",
              message: "Too big",
              reason: "too_big",
              origin: "string",
              maximum: 128,
            },
          ],
        },
      }),
    );
    const shown = describeError(error, t, "fallback");
    expect(shown).toBe(
      t("errors.withField", {
        field: strings.errors.fieldNames.password,
        reason: strings.errors.validation.tooBigText.replace("{{maximum}}", "128"),
      }),
    );
    expect(shown).not.toContain("Too big");
  });
});

describe("a failed submit split between fields and the form line", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("ko");
  });

  async function submitFailure(body: unknown, status = 400) {
    fetchMock.mockResolvedValueOnce(jsonResponse(status, body));
    return apiPost("/api/auth/register", {}).catch((error: unknown) => error);
  }

  it("puts each issue next to its field and leaves the form line empty", async () => {
    const error = await submitFailure({
      success: false,
      code: "VALIDATION_ERROR",
      error: "name: Enter your name.",
      details: {
        issues: [
          {
            location: "body",
            path: "name",
            message: "Enter your name.",
            reason: "blank",
            origin: "string",
            minimum: 1,
          },
          { location: "body", path: "email", message: "x", reason: "invalid_format", format: "email" },
          {
            location: "body",
            path: "password",
            message: "x",
            reason: "too_big",
            origin: "string",
            maximum: 128,
          },
        ],
      },
    });
    const errors = formErrorsOf(error, t, ["name", "email", "password"], "fallback");
    expect(errors).toEqual({
      fields: {
        name: ko.errors.validation.blank,
        email: ko.errors.validation.invalidEmail,
        password: "128자 이하로 입력해 주세요.",
      },
      form: null,
    });
    // Several fields marked: the toast points at them rather than repeating one reason.
    expect(summarizeFormErrors(errors, t)).toBe(ko.errors.codes.VALIDATION_ERROR);
    expect(summarizeFormErrors({ fields: { email: "taken" }, form: null }, t)).toBe("taken");
  });

  it("keeps an issue for a field the form does not show on the form line, with the field's name", async () => {
    const error = await submitFailure({
      success: false,
      code: "VALIDATION_ERROR",
      error: "x",
      details: { issues: [{ location: "body", path: "files.1", message: "x", reason: "not_image" }] },
    });
    expect(formErrorsOf(error, t, ["title"], "fallback")).toEqual({
      fields: {},
      form: `${ko.errors.fieldNames.files}: ${ko.errors.validation.notImage}`,
    });
    expect(formErrorsOf(error, t, ["title", "files"], "fallback").fields).toEqual({
      files: ko.errors.validation.notImage,
    });
  });

  it("puts a taken e-mail next to the e-mail field, and any other code on the form line", async () => {
    const taken = await submitFailure({ success: false, code: "EMAIL_TAKEN", error: "Taken." }, 409);
    expect(formErrorsOf(taken, t, ["name", "email"], "fallback")).toEqual({
      fields: { email: ko.errors.codes.EMAIL_TAKEN },
      form: null,
    });
    const limited = await submitFailure({ success: false, code: "RATE_LIMITED", error: "Slow down." }, 429);
    expect(formErrorsOf(limited, t, ["email"], "fallback")).toEqual({
      fields: {},
      form: ko.errors.codes.RATE_LIMITED,
    });
  });

  it("reads a reason this build does not know as a generic one in the page's language", async () => {
    const error = await submitFailure({
      success: false,
      code: "VALIDATION_ERROR",
      error: "x",
      details: {
        issues: [{ location: "body", path: "name", message: "Server English.", reason: "from_the_future" }],
      },
    });
    expect(formErrorsOf(error, t, ["name"], "fallback").fields).toEqual({
      name: ko.errors.validation.invalid,
    });
  });
});

describe("a refused size names the server's limit (issue 26)", () => {
  it("reads PAYLOAD_TOO_LARGE with details.maxBytes as 'at most N MB', in both languages", async () => {
    const failure = await failureOf(
      jsonResponse(413, {
        success: false,
        code: "PAYLOAD_TOO_LARGE",
        error: "Images up to 25 MB.",
        details: { maxBytes: 25 * 1024 * 1024 },
      }),
    );
    const tEn = i18n.getFixedT("en") as unknown as TFunction;
    const tKo = i18n.getFixedT("ko") as unknown as TFunction;
    expect(describeError(failure, tEn, "fallback")).toBe(
      "The file is too large: files of at most 25 MB can be uploaded.",
    );
    expect(describeError(failure, tKo, "fallback")).toBe(
      "파일이 너무 커요. 25MB 이하 파일만 올릴 수 있어요.",
    );
  });
});
