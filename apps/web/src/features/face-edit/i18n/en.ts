import type { faceEditKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** Face edit screen strings in English: the same keys as ko.ts. */
export const faceEditEn: TTree<typeof faceEditKo> = {
  eyebrow: "AI Face Edit",
  title: "Face change",
  lead: "Paint only the part you want to change, and only that part changes, naturally.",
  upload: {
    title: "Photo",
    hint: "JPG or PNG · resized to about 3000 px width + height",
    inputLabel: "Choose a photo to edit",
    invalidType: "Only jpg and png files can be uploaded.",
    resized: "Large photo: we resized it from {{from}} to {{to}} before uploading.",
    remove: "Remove photo",
    previewAlt: "Your photo",
    size: "{{width}} × {{height}}px",
  },
  mask: {
    open: "Mask",
    edit: "Edit mask",
    saved: "Mask saved",
    none: "Paint the part to change with the mask",
    overlayAlt: "Your saved mask",
    saveFailed: "We couldn't upload the mask. Please save it again.",
  },
  options: {
    title: "Settings",
    gender: "Gender",
    genders: { female: "Female", male: "Male" },
    intensity: "Intensity",
    intensityValue: "{{value}}",
    intensitySpoken: "{{percent}}%",
  },
  run: {
    button: "Run",
    needImage: "Please upload an image",
    needMask: "Draw the area to change!",
    needMaskRun: "Please specify and save the mask first.",
    notEnough: "Not enough credits.",
  },
  engine: {
    builtin: "Built-in engine",
    builtinHint:
      "Reshapes the face inside the painted area: the jaw line, eyes, nose and lips change naturally in the chosen gender's direction, by the chosen intensity, and the skin is smoothed lightly. What you don't paint stays as it is.",
    direction: {
      female: "Female: a slimmer V-line jaw, slightly larger eyes, a narrower nose, fuller lips",
      male: "Male: a wider, stronger jaw, a slightly narrower eye opening, a broader nose, thinner lips",
    },
    paintTip: "To reshape the jaw line, paint a little beyond the outline of the face.",
    generative:
      "A generative face change (a different face) needs a generative engine connected by the operator.",
    noFace:
      "No face was found in the painted area, so only the skin was smoothed lightly. Paint the whole face to reshape it.",
    runpod: "AI face edit engine",
  },
  result: {
    title: "Result",
    empty: "Upload a photo, save a mask and press Run: your result appears here",
    processing: "AI is changing the face",
    queue: "Number {{position}} in the queue",
    running: "Processing now",
    doNotRefresh: "If you reload, the page picks the job up again",
    resumed: "Picking up the job you started earlier",
    cancel: "Cancel (credits refunded)",
    before: "Original",
    after: "Result",
    compareLabel: "Compare original and result",
    zoom: "View full size",
    viewerTitle: "Face edit result",
    download: "Download",
    share: "Copy share link",
    newRun: "Try other settings",
    uploadNew: "Upload a photo",
  },
  history: {
    title: "Face edit history",
  },
  errors: {
    loginTitle: "Login required",
    loginBody: "Your login has expired. Please log in again.",
    loginAgain: "Log in again",
    cancel: "Cancel",
    failedTitle: "Processing failed",
    faceEditFailed: "AI processing failed. Please try again.",
    timeout: "Processing time exceeded. Please try again.",
    failed: "Processing failed. Check the image and mask and try again.",
    generic: "An error occurred during processing.",
    refunded: "Your credits were refunded.",
    ok: "OK",
    offline: "You're offline. We'll check the result again once you're back online.",
  },
  dialogs: {
    alertTitle: "Notice",
    shareTitle: "Share link copied",
    shareBody:
      "When people who come through your link pay, you earn half of the credits they buy as a reward.",
    ok: "OK",
  },
  toast: {
    completed: "Your face edit is ready!",
    resumed: "Picking up your job in progress.",
  },
};
