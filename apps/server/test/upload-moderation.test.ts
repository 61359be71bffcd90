/**
 * Upload moderation (issue 12, "Refusals"): the rule decides from what the classifier's classes
 * mean, so a "Sexy"-heavy photo (a footballer in kit) is taken, and an explicit one is refused
 * with 400 NSFW_CONTENT_DETECTED and a warn line an operator can review: the class scores, the
 * user's id and the SHA-256 of the bytes, never the image.
 */
import { createHash } from "node:crypto";
import { type CloseUpFeatures, type NsfwScores, nsfwVerdict } from "@gyeol/engine/moderation-rule";
import { afterEach, describe, expect, it } from "vitest";
import type { ModerationDriver } from "../src/drivers/engines/moderation.ts";
import { NSFW_REVIEW_LOG_MESSAGE } from "../src/modules/images/image-checks.ts";
import { captureLogs } from "./helpers/log-lines.ts";
import { imageForm, makeJpeg, signUp } from "./helpers/retouch.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/**
 * A classifier that always answers these scores (and, as the engine does when the first would
 * refuse, the second classifier's scores, and in the grey band the close-up features), with the
 * engine's own rule for the verdict.
 */
function classifierScoring(
  scores: NsfwScores,
  closeUp?: CloseUpFeatures,
  second?: NsfwScores,
): ModerationDriver & { calls: number } {
  const driver = {
    calls: 0,
    async classify() {
      driver.calls += 1;
      return {
        verdict: nsfwVerdict(scores, { closeUp, second }),
        scores,
        ...(second ? { second } : {}),
        ...(closeUp ? { closeUp } : {}),
      };
    },
  };
  return driver;
}

/** What issue 12's footballer in full kit scored. */
const FOOTBALLER: NsfwScores = { Drawing: 0.002, Hentai: 0.001, Neutral: 0.097, Porn: 0.008, Sexy: 0.892 };
/** One of the labelled set's explicit photographs (moderation-scores.json, nudenet-cory-chase). */
const EXPLICIT: NsfwScores = { Drawing: 0, Hentai: 0.0338, Neutral: 0.0094, Porn: 0.7963, Sexy: 0.1605 };
/** Issue 12's clothed beauty close-up: Porn 0.794, like the explicit photos. */
const BEAUTY_CLOSE_UP: NsfwScores = { Drawing: 0.001, Hentai: 0.01, Neutral: 0.15, Porn: 0.794, Sexy: 0.045 };
/** What the engine measures on a face close-up (moderation-scores.json, codeformer-0240: 0.296, 0). */
const LARGE_FACE: CloseUpFeatures = { faces: 1, faceArea: 0.3, bodySkin: 0.01, personSkin: null };
/** A small face in a full-body frame with bare skin (nudenet-cory-chase: 0.028, 0.310; 95% of the body bare). */
const SMALL_FACE_FULL_BODY: CloseUpFeatures = { faces: 1, faceArea: 0.03, bodySkin: 0.31, personSkin: 0.95 };
/** Issue 24's 3000×600 spacesuit crop: squashed into a square the first classifier calls it porn (moderation-scores.json, astronaut-suit-strip). */
const SPACESUIT_STRIP: NsfwScores = {
  Drawing: 0.0005,
  Hentai: 0.0081,
  Neutral: 0.0967,
  Porn: 0.8866,
  Sexy: 0.0082,
};
/** What the second classifier says of it, letterboxed instead of squashed (the same entry). */
const SPACESUIT_STRIP_SECOND: NsfwScores = {
  Drawing: 0.1844,
  Hentai: 0.0295,
  Neutral: 0.7388,
  Porn: 0.0412,
  Sexy: 0.0062,
};
/** What the second classifier says of the explicit photo (the same entry, nudenet-cory-chase). */
const EXPLICIT_SECOND: NsfwScores = {
  Drawing: 0.0002,
  Hentai: 0.009,
  Neutral: 0.0076,
  Porn: 0.7329,
  Sexy: 0.2503,
};

describe("upload moderation", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function upload(scores: NsfwScores, closeUp?: CloseUpFeatures, second?: NsfwScores) {
    const { logger, lines } = captureLogs<LogLine>();
    const moderation = classifierScoring(scores, closeUp, second);
    t = await createTestApp({ drivers: { moderation }, logger });
    const user = await signUp(t.app);
    const bytes = await makeJpeg(160, 120);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/image/upload-s3",
      headers: { cookie: user.cookie },
      payload: imageForm(bytes, "photo.jpg"),
    });
    expect(moderation.calls).toBe(1);
    return { response, lines, user, bytes };
  }

  it("takes a photo the classifier calls Sexy (a footballer in kit), and logs no refusal", async () => {
    const { response, lines } = await upload(FOOTBALLER);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ width: 160, height: 120 });
    expect(lines.filter((line) => line.msg === NSFW_REVIEW_LOG_MESSAGE)).toEqual([]);
  });

  it("refuses an explicit photo with 400 NSFW_CONTENT_DETECTED and logs its scores, user and SHA-256", async () => {
    const { response, lines, user, bytes } = await upload(EXPLICIT);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: "NSFW_CONTENT_DETECTED" });
    expect(response.body).not.toContain("Porn");
    const refusals = lines.filter((line) => line.msg === NSFW_REVIEW_LOG_MESSAGE);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      level: 40,
      code: "NSFW_CONTENT_DETECTED",
      userId: user.body.id,
      scores: EXPLICIT,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes: bytes.length,
    });
  });

  it("takes a beauty close-up the classifier scores Porn 0.79 when the engine finds a large face", async () => {
    const { response, lines } = await upload(BEAUTY_CLOSE_UP, LARGE_FACE);
    expect(response.statusCode, response.body).toBe(200);
    expect(lines.filter((line) => line.msg === NSFW_REVIEW_LOG_MESSAGE)).toEqual([]);
  });

  it("refuses the same scores with a small face in a full-body frame, and logs what was measured", async () => {
    const { response, lines } = await upload(BEAUTY_CLOSE_UP, SMALL_FACE_FULL_BODY);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: "NSFW_CONTENT_DETECTED" });
    expect(response.body).not.toContain("faceArea");
    const refusals = lines.filter((line) => line.msg === NSFW_REVIEW_LOG_MESSAGE);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ scores: BEAUTY_CLOSE_UP, closeUp: SMALL_FACE_FULL_BODY });
  });

  it("takes the spacesuit crop the first classifier refuses when the second disagrees (issue 24)", async () => {
    const { response, lines } = await upload(SPACESUIT_STRIP, undefined, SPACESUIT_STRIP_SECOND);
    expect(response.statusCode, response.body).toBe(200);
    expect(lines.filter((line) => line.msg === NSFW_REVIEW_LOG_MESSAGE)).toEqual([]);
  });

  it("refuses when both classifiers agree, logs both, and tells the user what to do", async () => {
    const { response, lines } = await upload(EXPLICIT, SMALL_FACE_FULL_BODY, EXPLICIT_SECOND);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { code: string; message?: string; error?: string };
    expect(body.code).toBe("NSFW_CONTENT_DETECTED");
    expect(response.body).toContain(
      "try a crop that shows the whole face (face and shoulders), upload the colour original of a black-and-white photo, or contact support",
    );
    expect(response.body).not.toContain("Porn");
    const refusals = lines.filter((line) => line.msg === NSFW_REVIEW_LOG_MESSAGE);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({
      scores: EXPLICIT,
      second: EXPLICIT_SECOND,
      closeUp: SMALL_FACE_FULL_BODY,
    });
  });
});
