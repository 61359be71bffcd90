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
 * Refused when Porn + Hentai reach this. Chosen on the labelled set (README "Upload moderation",
 * scripts/nsfw-set.json): the explicit photographs in it score 0.70–0.83 and the highest clothed
 * portrait 0.68 (a woman in a kimono), so 0.70 refuses the first and passes the second; 0.65
 * refused the kimono, 0.75 let a nude through. Crops and mirror images were measured and did
 * not separate the two better (npm run nsfw:calibrate prints the sweep).
 */
export const NSFW_EXPLICIT_THRESHOLD = 0.7;

/** The verdict for one image's scores. */
export function nsfwVerdict(scores: NsfwScores): TNsfwVerdict {
  return scores.Porn + scores.Hentai >= NSFW_EXPLICIT_THRESHOLD ? "block" : "allow";
}
