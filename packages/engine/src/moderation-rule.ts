/**
 * When an upload is refused as inappropriate (spec 02 §8 NSFW_CONTENT_DETECTED), from the five
 * class probabilities of nsfwjs's MobileNetV2. Pure, so the server, the calibration script
 * (scripts/nsfw-calibrate.ts) and the test over the labelled set (moderation-rule.test.ts) all
 * apply the same rule. What the classes mean (GantMan/nsfw_model, the training data's labels):
 * - Porn: "pornographic images, sexual acts"; Hentai: "hentai and pornographic drawings". These
 *   two are the reasons to refuse.
 * - Sexy: "sexually explicit images, not pornography". In practice it is what the model says for
 *   any photo with skin or a fitted outfit: footballers in kit, tank tops, swimwear, beauty
 *   close-ups (0.85–0.99 in the labelled set). It is never a reason on its own.
 * - Drawing and Neutral are safe classes; a painting is not refused for being a painting.
 */

export type TNsfwClass = "Drawing" | "Hentai" | "Neutral" | "Porn" | "Sexy";
export type NsfwScores = Record<TNsfwClass, number>;
export type TNsfwVerdict = "allow" | "block";

/**
 * Porn + Hentai below this always passes. Chosen on the labelled set (README "Upload moderation",
 * scripts/nsfw-set.json): the explicit photographs in it score 0.70–0.83 and the highest clothed
 * portrait 0.68 (a woman in a kimono); 0.65 refused the kimono, 0.75 let a nude through. Crops
 * and mirror images were measured and did not separate the two better (npm run nsfw:calibrate
 * prints the sweep). From here up the image is refused unless it is a clothed close-up.
 */
export const NSFW_EXPLICIT_THRESHOLD = 0.7;

/**
 * Porn + Hentai from here up refuse whatever the picture's composition. Between the threshold
 * and this (the grey band) the classifier cannot tell an explicit photo (0.70–0.83 in the set)
 * from a face close-up (issue 12's beauty close-up 0.794; 0.84 and 0.87 in the set), so the
 * engine measures the picture's composition (nsfw.ts measureCloseUp) and the verdict reads it.
 */
export const NSFW_GREY_BAND_TOP = 0.9;

/** What the second check measures (nsfw.ts measureCloseUp), on a copy 384 px on its long side. */
// A type, not an interface, so it fits the server's Record-typed moderation result.
export type CloseUpFeatures = {
  /** Faces the engine's face detector found. */
  faces: number;
  /** The largest face's oval as a share of the frame, 0..1. */
  faceArea: number;
  /** Bare skin on the person outside every head, as a share of the frame, 0..1; null without a face. */
  bodySkin: number | null;
};

/**
 * A close-up is at least this much face… The labelled set's explicit photographs show a whole
 * body, their faces 0–2.8% of the frame; the face close-ups the classifier scores 0.84–0.87 are
 * 30–32%, and every beauty close-up or head-and-shoulders portrait in the set is 10% or more.
 */
export const CLOSE_UP_MIN_FACE_AREA = 0.1;
/**
 * …with at most this much bare skin outside the head, so a nude that fills the rest of the frame
 * with a large face in it is still refused. Clothed close-ups measure 0–0.24 (bare shoulders
 * under a strapless dress: 0.24), the explicit photographs 0.26–0.31.
 */
export const CLOSE_UP_MAX_BODY_SKIN = 0.25;

/** Scores for which the verdict needs the close-up features (explicit photos and clothed close-ups both land here). */
export function inGreyBand(scores: NsfwScores): boolean {
  const explicit = scores.Porn + scores.Hentai;
  return explicit >= NSFW_EXPLICIT_THRESHOLD && explicit < NSFW_GREY_BAND_TOP;
}

/** A face close-up with little bare skin outside the face. */
export function isClothedCloseUp(features: CloseUpFeatures): boolean {
  return (
    features.faceArea >= CLOSE_UP_MIN_FACE_AREA &&
    features.bodySkin !== null &&
    features.bodySkin <= CLOSE_UP_MAX_BODY_SKIN
  );
}

/**
 * The verdict for one image's scores, and in the grey band its close-up features (without them a
 * grey-band image is refused, as under the first rule).
 */
export function nsfwVerdict(scores: NsfwScores, closeUp?: CloseUpFeatures): TNsfwVerdict {
  if (scores.Porn + scores.Hentai < NSFW_EXPLICIT_THRESHOLD) return "allow";
  if (inGreyBand(scores) && closeUp && isClothedCloseUp(closeUp)) return "allow";
  return "block";
}
