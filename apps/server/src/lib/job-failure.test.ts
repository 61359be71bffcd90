import { describe, expect, it } from "vitest";
import { EngineJobError } from "../drivers/engines/retouch-engine.ts";
import { ImageEditProviderError } from "../drivers/image-edit/image-edit-provider.ts";
import { failureCodesOf, JobFailure } from "./job-failure.ts";

describe("JobFailure", () => {
  it("carries our code, the vendor's code when there is one, and the cause", () => {
    const cause = new Error("socket hang up");
    const failure = new JobFailure("PROVIDER_TIMEOUT", "too slow", { cause, providerCode: "proxy524" });
    expect(failure).toMatchObject({
      code: "PROVIDER_TIMEOUT",
      providerCode: "proxy524",
      message: "too slow",
    });
    expect(failure.cause).toBe(cause);
    expect(new JobFailure("INVALID_IMAGE", "gone").providerCode).toBeNull();
  });

  it("is what the engines' and the image-edit drivers' errors are", () => {
    const engine = new EngineJobError("ENGINE_FAILED", "crashed");
    expect(engine).toBeInstanceOf(JobFailure);
    expect(engine.name).toBe("EngineJobError");
    const vendor = new ImageEditProviderError("InvalidParameter.OversizeImage", "too large", 400);
    expect(vendor).toBeInstanceOf(JobFailure);
    expect(failureCodesOf(vendor)).toEqual({
      code: "EDIT_OVERSIZE_IMAGE",
      providerCode: "InvalidParameter.OversizeImage",
    });
  });

  it("reads codes from any thrown value, and only well-formed ones", () => {
    expect(failureCodesOf(new Error("boom"))).toEqual({ code: null, providerCode: null });
    expect(failureCodesOf(null)).toEqual({ code: null, providerCode: null });
    expect(failureCodesOf({ code: "ENOENT" })).toEqual({ code: "ENOENT", providerCode: null });
    expect(failureCodesOf({ code: "not a code", providerCode: "x" })).toEqual({
      code: null,
      providerCode: null,
    });
    expect(failureCodesOf({ code: "GENERATION_FAILED", providerCode: "bad code with spaces" })).toEqual({
      code: "GENERATION_FAILED",
      providerCode: null,
    });
  });
});
