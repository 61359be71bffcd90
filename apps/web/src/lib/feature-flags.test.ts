import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchFeatureFlags, isImageGenerationVisible } from "./feature-flags.ts";

afterEach(() => vi.unstubAllGlobals());

describe("feature flags", () => {
  it("defaults to enabled when the call fails", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("offline")));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(fetchFeatureFlags()).resolves.toEqual({
      imageGenerationEnabled: true,
      paymentProvider: "paddle",
      llmEnabled: true,
      llmTestProvider: false,
      generationEnabled: true,
      generationTestProvider: false,
      imageEditProvider: null,
      imageEditTestProvider: false,
    });
  });

  it("reads the server's flag", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            '{"imageGenerationEnabled":false,"paymentProvider":"sandbox","llmEnabled":false,"llmTestProvider":true,"generationEnabled":false,"generationTestProvider":true,"imageEditProvider":"seedream","imageEditTestProvider":true}',
            {
              headers: { "content-type": "application/json" },
            },
          ),
      ),
    );
    await expect(fetchFeatureFlags()).resolves.toEqual({
      imageGenerationEnabled: false,
      paymentProvider: "sandbox",
      llmEnabled: false,
      llmTestProvider: true,
      generationEnabled: false,
      generationTestProvider: true,
      imageEditProvider: "seedream",
      imageEditTestProvider: true,
    });
  });

  it("shows image generation with the build flag and either the server flag or user 1", () => {
    expect(isImageGenerationVisible({ buildFlag: true, serverFlag: true, userId: undefined })).toBe(true);
    expect(isImageGenerationVisible({ buildFlag: true, serverFlag: false, userId: 5 })).toBe(false);
    expect(isImageGenerationVisible({ buildFlag: true, serverFlag: false, userId: 1 })).toBe(true);
    expect(isImageGenerationVisible({ buildFlag: false, serverFlag: true, userId: 1 })).toBe(false);
  });
});
