import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeAutoResize } from "./retouch.ts";
import {
  acceptAttribute,
  findImagePolicyProblem,
  IMAGE_POLICIES,
  isAllowedFileName,
  planImageResize,
  type TImagePolicy,
  type TImagePolicyName,
} from "./uploads.ts";

const NAMES = Object.keys(IMAGE_POLICIES) as TImagePolicyName[];
const arbSide = fc.integer({ min: 1, max: 20_000 });

describe("image policies (spec 02 §5, §9)", () => {
  it("retouch takes jpg, jpeg and png only, as its file input always did", () => {
    const retouch: TImagePolicy = IMAGE_POLICIES.retouch;
    expect(acceptAttribute(retouch)).toBe("image/jpeg,image/png,.jpg,.jpeg,.png");
    expect(["a.JPG", "b.jpeg", "c.png"].every((name) => isAllowedFileName(retouch, name))).toBe(true);
    expect(["d.gif", "e.webp", "jpg", "f.png.exe"].some((name) => isAllowedFileName(retouch, name))).toBe(
      false,
    );
  });

  it("chat takes the images the model reads (JPEG, PNG, WebP, GIF), as the server does", () => {
    const chat: TImagePolicy = IMAGE_POLICIES.chat;
    expect(acceptAttribute(chat)).toBe(
      "image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif",
    );
    expect(isAllowedFileName(chat, "photo.HEIC")).toBe(false);
  });

  it("image edit: 50 MB, 921,600 pixels, then at most 9 MB after compositing", () => {
    const policy: TImagePolicy = IMAGE_POLICIES.imageEdit;
    expect(findImagePolicyProblem(policy, { bytes: 50 * 1024 * 1024, width: 1280, height: 720 })).toBeNull();
    expect(findImagePolicyProblem(policy, { bytes: 50 * 1024 * 1024 + 1, width: 2000, height: 2000 })).toBe(
      "FILE_TOO_LARGE",
    );
    expect(findImagePolicyProblem(policy, { bytes: 1, width: 1279, height: 720 })).toBe(
      "IMAGE_TOO_FEW_PIXELS",
    );
    expect(policy.reencodeMaxBytes).toBe(9_437_184);
  });

  it("retouch resizes by the tiers of shared computeAutoResize", () => {
    fc.assert(
      fc.property(arbSide, arbSide, (w, h) => {
        expect(planImageResize(IMAGE_POLICIES.retouch, w, h)).toEqual(computeAutoResize(w, h));
      }),
    );
  });

  it("face edit downscales to a width + height of about 3000, never enlarges, and keeps the shape", () => {
    fc.assert(
      fc.property(arbSide, arbSide, (w, h) => {
        const out = planImageResize(IMAGE_POLICIES.faceEdit, w, h);
        if (w + h <= 3000) {
          expect(out).toEqual({ width: w, height: h, isResized: false, isMinSideApplied: false });
          return;
        }
        expect(out.isResized).toBe(true);
        expect(out.width).toBeLessThanOrEqual(w);
        expect(out.height).toBeLessThanOrEqual(h);
        expect(Math.abs(out.width + out.height - 3000)).toBeLessThanOrEqual(2);
        // The shape stays: each side is its exact scaled length, rounded (never below 1 px).
        const factor = 3000 / (w + h);
        expect(out.width === 1 || Math.abs(out.width - w * factor) <= 0.5).toBe(true);
        expect(out.height === 1 || Math.abs(out.height - h * factor) <= 0.5).toBe(true);
      }),
    );
  });

  it("every policy: re-encode qualities step down within (0, 1], and its accept list matches its names", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.string(), (name, stem) => {
        const policy: TImagePolicy = IMAGE_POLICIES[name];
        for (let i = 0; i < policy.jpegQualities.length; i += 1) {
          const q = policy.jpegQualities[i] ?? 0;
          expect(q).toBeGreaterThan(0);
          expect(q).toBeLessThanOrEqual(1);
          if (i > 0) expect(q).toBeLessThan(policy.jpegQualities[i - 1] ?? 1);
        }
        const accept = acceptAttribute(policy).split(",");
        for (const ext of policy.extensions) {
          expect(accept).toContain(`.${ext}`);
          expect(isAllowedFileName(policy, `${stem}.${ext.toUpperCase()}`)).toBe(true);
        }
        expect(isAllowedFileName(policy, `${stem}.gif`)).toBe(policy.extensions.includes("gif"));
        expect(isAllowedFileName(policy, `${stem}.heic`)).toBe(false);
      }),
    );
  });
});
