import { type TRunInputs, ZRunInputs } from "@gyeol/shared/contracts/images";
import { CHARACTER_MODES, GENERATION_ASPECT_RATIOS } from "@gyeol/shared/generation";
import { MASK_COLORS, MASK_DEFAULT_COLOR } from "@gyeol/shared/mask";
import { z } from "zod";

/**
 * What an image-edit or generation job was asked (its stored jobs.input), for its owner's history:
 * what "run again" puts back into the form (issue 26). Read here, by the history, with schemas of
 * its own (the parts it needs), so the images module imports nothing of image-edit or generation.
 * `urlOf` signs a stored upload's key, or gives null once the upload is gone (purged).
 */
const ZImageEditInput = z.object({
  prompt: z.string(),
  inputKeys: z.array(z.string()),
  maskKeys: z.array(z.string().nullable()).default([]),
  maskColors: z.array(z.enum(MASK_COLORS).nullable()).optional(),
  numImages: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  seed: z.number().int(),
});

const ZGenerationInput = z.object({
  prompt: z.string(),
  numImages: z.number().int(),
  aspectRatio: z.enum(GENERATION_ASPECT_RATIOS),
  characterMode: z.enum(CHARACTER_MODES),
  referenceKey: z.string().nullable(),
  characterKeys: z.array(z.string()),
});

export async function runInputsOf(
  source: string,
  storedInput: string,
  urlOf: (key: string | null) => Promise<string | null>,
): Promise<TRunInputs | null> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storedInput);
  } catch {
    return null;
  }
  if (source === "seedream") {
    const input = ZImageEditInput.safeParse(parsed);
    if (!input.success) return null;
    const { data } = input;
    const images = await Promise.all(
      data.inputKeys.map(async (key, i) => {
        const maskKey = data.maskKeys[i] ?? null;
        return {
          url: await urlOf(key),
          role: "input" as const,
          mask_url: await urlOf(maskKey),
          mask_color: maskKey ? (data.maskColors?.[i] ?? MASK_DEFAULT_COLOR) : null,
        };
      }),
    );
    return ZRunInputs.parse({
      prompt: data.prompt,
      num_images: data.numImages,
      seed: data.seed,
      size: `${data.width}x${data.height}`,
      aspect_ratio: null,
      character_mode: null,
      images,
    });
  }
  if (source === "kling") {
    const input = ZGenerationInput.safeParse(parsed);
    if (!input.success) return null;
    const { data } = input;
    const image = async (key: string, role: "reference" | "character") => ({
      url: await urlOf(key),
      role,
      mask_url: null,
      mask_color: null,
    });
    return ZRunInputs.parse({
      prompt: data.prompt,
      num_images: data.numImages,
      seed: null,
      size: null,
      aspect_ratio: data.aspectRatio,
      character_mode: data.characterMode,
      images: [
        ...(data.referenceKey ? [await image(data.referenceKey, "reference")] : []),
        ...(await Promise.all(data.characterKeys.map((key) => image(key, "character")))),
      ],
    });
  }
  return null;
}
