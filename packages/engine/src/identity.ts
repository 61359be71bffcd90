import type { TFace } from "./face/analyze.ts";
import { detectFacesRaw } from "./face/human.ts";
import type { RgbImage } from "./image.ts";

export interface TIdentityScore {
  /** Cosine similarity of the two face descriptors, −1..1 (same person and pose: ≥ 0.95). */
  cosine: number;
  inputEmbedding: number[];
  resultEmbedding: number[];
}

export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Embeds the main face of the result (same size as the analysed input) and compares it with the
 * input's. The face nearest the input's main face is used, so other people in the photo do not
 * stand in for it. Returns null when the result has no face.
 */
export async function scoreIdentity(input: TFace, result: RgbImage): Promise<TIdentityScore | null> {
  const faces = await detectFacesRaw(result);
  const [ix, iy, iw, ih] = input.box;
  const centre = (box: readonly number[]) => [box[0]! + box[2]! / 2, box[1]! + box[3]! / 2];
  const [icx, icy] = [ix + iw / 2, iy + ih / 2];
  const nearest = faces
    .map((face) => ({ face, d: Math.hypot(centre(face.box)[0]! - icx, centre(face.box)[1]! - icy) }))
    .sort((a, b) => a.d - b.d)[0]?.face;
  if (!nearest || nearest.embedding.length === 0 || input.embedding.length === 0) return null;
  return {
    cosine: cosineSimilarity(input.embedding, nearest.embedding),
    inputEmbedding: input.embedding,
    resultEmbedding: nearest.embedding,
  };
}
