import { describe, expect, it } from "vitest";
import { classifyNsfw } from "./nsfw.ts";
import { readFixture } from "./test/fixtures.ts";

describe("classifyNsfw", () => {
  it("allows ordinary portraits and returns every class score", async () => {
    const result = await classifyNsfw(readFixture("astronaut.jpg"));
    expect(result.verdict).toBe("allow");
    expect(Object.keys(result.scores).sort()).toEqual(["Drawing", "Hentai", "Neutral", "Porn", "Sexy"]);
    expect(result.scores.Neutral).toBeGreaterThan(0.5);
  });

  it("rejects a non-image with a typed error", async () => {
    await expect(classifyNsfw(Buffer.from("<svg></svg> and more bytes"))).rejects.toMatchObject({
      code: "INVALID_IMAGE",
    });
  });
});
