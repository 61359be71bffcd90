/**
 * MediaPipe face-mesh (468 + 10 iris points) index paths that outline each region. Lips, brows,
 * eyes and silhouette are the named annotation paths Human exposes; the nose has no named path, so
 * it is the convex hull of the bridge, tip and alar points listed here. "Left" and "right" are the
 * subject's own (MediaPipe's convention): the subject's left eyebrow appears on the image's right.
 */
export const SILHOUETTE = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];

export const LIPS_UPPER_OUTER = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291];
export const LIPS_LOWER_OUTER = [146, 91, 181, 84, 17, 314, 405, 321, 375, 291];
export const LIPS_UPPER_INNER = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308];
export const LIPS_LOWER_INNER = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308];

/** Upper lip: outer edge left→right, then the inner edge back. */
export const UPPER_LIP = [...LIPS_UPPER_OUTER, ...[...LIPS_UPPER_INNER].reverse()];
/** Lower lip: from the left corner along the outer edge, then the inner edge back. */
export const LOWER_LIP = [61, ...LIPS_LOWER_OUTER, ...[...LIPS_LOWER_INNER].reverse()];
/** The whole mouth (lips and the opening between them). */
export const MOUTH = [...LIPS_UPPER_OUTER, ...[...LIPS_LOWER_OUTER].reverse(), 61];

export const RIGHT_EYEBROW = [156, 70, 63, 105, 66, 107, 55, 193, 65, 52, 53, 46, 124, 35];
export const LEFT_EYEBROW = [383, 300, 293, 334, 296, 336, 285, 417, 295, 282, 283, 276, 353, 265];

/** Eye outlines one ring outside the lid margin, so lashes and the lid line are included. */
export const RIGHT_EYE = [130, 25, 110, 24, 23, 22, 26, 112, 243, 190, 56, 28, 27, 29, 30, 247];
export const LEFT_EYE = [359, 255, 339, 254, 253, 252, 256, 341, 463, 414, 286, 258, 257, 259, 260, 467];

export const NOSE_POINTS = [
  168, 6, 197, 195, 5, 4, 1, 19, 94, 2, 98, 97, 326, 327, 294, 278, 344, 440, 275, 45, 220, 115, 48, 64, 122,
  351, 196, 419, 3, 248,
];

/** Points whose surroundings are almost always bare skin: cheeks, forehead, chin. */
export const SKIN_SAMPLE_POINTS = [205, 425, 50, 280, 151, 108, 337, 199, 187, 411];
