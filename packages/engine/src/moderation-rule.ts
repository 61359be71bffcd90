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
  /** Bare skin on the person outside every head, as a share of the frame, 0..1; null without a face or colour. */
  bodySkin: number | null;
  /**
   * The same bare skin as a share of the person outside every head, 0..1: how much of the body is
   * bare, whatever its size in the frame. Null without a face, without colour (a black-and-white
   * picture has no skin colour to measure) or when almost no person is found outside the heads.
   */
  personSkin: number | null;
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

/**
 * A person in the grey band who is not a close-up still passes when little of their body is bare:
 * at most this share of the person outside the heads is skin (CloseUpFeatures.personSkin). The
 * bare-skin share of the frame cannot say this (a group of four women in party dresses has less
 * skin in the frame than a close-up's shoulders, yet is no close-up); the share of the body can.
 * Chosen on the labelled set (README "Upload moderation"): the grey-band pictures with a face that
 * both classifiers call explicit measure 0.39 (a painted nude) to 0.95, the explicit photographs
 * 0.73–0.95; the four women in party dresses 0.28. This is the middle of that gap (0.30–0.36 give
 * the same rates; 0.40 lets the painted nude through).
 */
export const PERSON_MAX_SKIN = 0.33;

/**
 * The second opinion: nsfwjs's InceptionV3 (a different network, trained on the same classes) on
 * the picture as it is, its uniform border trimmed and the rest letterboxed into its 299² input
 * rather than squashed (nsfw.ts secondOpinionScores). Asked only when the first classifier
 * refuses (Porn + Hentai ≥ NSFW_EXPLICIT_THRESHOLD, about 2% of ordinary photos); when its
 * Porn + Hentai stays below this, the two disagree and the upload passes. Chosen on the labelled
 * set (README "Upload moderation"): every explicit picture the first classifier refuses scores
 * 0.67–0.99 here (photographs, photographs padded to a banner, paintings); the ordinary pictures
 * it clears score 0.00–0.60 (5:1 strips of a spacesuit, a face or bare shoulders enlarged to
 * 3000×600, a tight face crop, clothed paintings). This is the middle of that gap (0.58 before
 * issue 24's grown set, whose strapless-dress strip scores 0.601; 0.62–0.66 give the same rates).
 */
export const NSFW_SECOND_OPINION_THRESHOLD = 0.63;

/**
 * The second look (issue 24): below the refusal threshold the first classifier still gives a lot
 * of nudity a middling score: paintings, and explicit photos padded out to a banner or a column to
 * slip past it (0.11–0.65 in the labelled set). From this Porn + Hentai up, the second classifier
 * looks too…
 */
export const NSFW_SECOND_LOOK_FROM = 0.2;
/**
 * …and refuses from this Porn + Hentai of its own. Chosen on the labelled set (README "Upload
 * moderation"): the ordinary pictures that the first classifier puts between NSFW_SECOND_LOOK_FROM
 * and the threshold score at most 0.60 here (lingerie), the nudity it catches 0.82–0.99; 0.80
 * leaves 0.2 of margin on the side of ordinary photos.
 */
export const NSFW_SECOND_LOOK_REFUSE = 0.8;

/** What the engine measured beyond the first classifier's scores, when it measured it. */
export type NsfwEvidence = {
  /**
   * The picture has no colour (nsfw.ts firstLook: a black-and-white or sepia photo), measured on
   * the first classifier's own 224² view. Without colour the first classifier misses most nudity:
   * of black-and-white copies of the labelled set's 19 explicit photographs it flags 4 (10 in
   * colour). The second classifier does better there, so such a picture gets the second look from
   * any first score (needsSecondLook): on the set that refuses 5 more of the 44 black-and-white
   * explicit pictures (the second scores them 0.96–0.99) and no ordinary picture (the 128 it
   * newly looks at score at most 0.58).
   */
  monochrome?: boolean;
  /** The second classifier's scores (nsfw.ts secondOpinionScores), taken when the first refuses or is unsure (the second look). */
  second?: NsfwScores;
  /** The close-up features (nsfw.ts measureCloseUp), taken in the grey band. */
  closeUp?: CloseUpFeatures;
};

/** Porn + Hentai: the two classes that are reasons to refuse. */
export function explicitScore(scores: NsfwScores): number {
  return scores.Porn + scores.Hentai;
}

/** Scores for which the first classifier alone would refuse, so the second is asked. */
export function needsSecondOpinion(scores: NsfwScores): boolean {
  return explicitScore(scores) >= NSFW_EXPLICIT_THRESHOLD;
}

/**
 * Scores below the refusal threshold for which the second classifier is asked all the same: a
 * middling first score, or any score of a picture without colour (NsfwEvidence.monochrome).
 */
export function needsSecondLook(scores: NsfwScores, monochrome = false): boolean {
  const explicit = explicitScore(scores);
  return explicit >= (monochrome ? 0 : NSFW_SECOND_LOOK_FROM) && explicit < NSFW_EXPLICIT_THRESHOLD;
}

/** Scores for which the verdict needs the close-up features (explicit photos and clothed close-ups both land here). */
export function inGreyBand(scores: NsfwScores): boolean {
  const explicit = explicitScore(scores);
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
 * A person with little bare skin: a face was found (so the skin colour is that person's own, and
 * the picture has colour to measure it by) and at most PERSON_MAX_SKIN of the body outside the
 * heads is skin.
 */
export function isClothedPerson(features: CloseUpFeatures): boolean {
  return features.faces > 0 && features.personSkin !== null && features.personSkin <= PERSON_MAX_SKIN;
}

/**
 * The verdict for one image: refused only on evidence. The first classifier's scores below the
 * threshold pass, unless they are middling and the second classifier calls the picture clearly
 * explicit (the second look). Above it the image passes when the second classifier disagrees, or, in the grey
 * band, when it is a clothed close-up or a person with little bare skin. What was not measured counts as agreeing with the first
 * classifier, so without evidence the verdict is the scores-only rule's.
 */
export function nsfwVerdict(scores: NsfwScores, evidence: NsfwEvidence = {}): TNsfwVerdict {
  if (!needsSecondOpinion(scores)) {
    // The second look: a middling first score that the second classifier calls clearly explicit.
    const second = evidence.second;
    return needsSecondLook(scores, evidence.monochrome) &&
      second &&
      explicitScore(second) >= NSFW_SECOND_LOOK_REFUSE
      ? "block"
      : "allow";
  }
  if (evidence.second && explicitScore(evidence.second) < NSFW_SECOND_OPINION_THRESHOLD) return "allow";
  const closeUp = evidence.closeUp;
  if (inGreyBand(scores) && closeUp && (isClothedCloseUp(closeUp) || isClothedPerson(closeUp)))
    return "allow";
  return "block";
}
