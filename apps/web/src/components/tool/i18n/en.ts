import type { toolKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** English `tool.*` strings: the same keys as ko.ts. */
export const toolEn: TTree<typeof toolKo> = {
  loginRequired: "Please log in first.",
  downloadFailed: "Failed to download.",
  copyFailed: "Failed to copy the link.",
  upload: {
    drop: "Drag a photo here or click to choose",
    dropActive: "Drop it to upload",
    choose: "Choose a photo",
    preparing: "Preparing your photo…",
    uploading: "Uploading… {{percent}}%",
    failed: "We couldn't upload the photo. Please try again.",
    resizeFailed: "We couldn't resize the photo. Please try another one.",
  },
  run: {
    cost: "{{cost}} credits",
    held: "You have {{credits}}",
    needImage: "Please upload an image first",
    notEnough: "Not enough credits",
    working: "Working…",
  },
  result: {
    loading: "Just a moment…",
    queue: "Number {{position}} in the queue",
    running: "Processing now",
    eta: "About {{seconds}} s left",
    etaMinutes: "About {{minutes}} min left",
    etaUnderMinute: "Less than a minute left",
    etaOverdue: "Taking a little longer than expected",
    cancel: "Cancel (credits refunded)",
    doNotRefresh: "Please don't refresh or close this page",
    resumed: "Picking up the job you started earlier",
    cancelledTitle: "Job cancelled",
    failedTitle: "Processing failed",
    tryAgain: "Try again",
  },
  share: {
    title: "Share link copied",
    body: "When people who come through your link pay, you earn half of the credits they buy as a reward.",
    ok: "OK",
  },
  history: {
    empty: "No images yet.",
    loadMore: "Load more",
    processing: "Processing",
    failed: "Failed",
    cancelled: "Cancelled",
    openPrefix: "Open the result:",
    loadFailed: "We couldn't load your history.",
  },
  toast: {
    insufficient: "Not enough credits. Please top up and try again.",
    topUp: "Top up",
    maintenance: "We're under maintenance. Please try again shortly.",
    nsfw: "This photo looks like it contains nudity or sexual content, which we don't process. If it's an ordinary photo, try a different crop (face and shoulders) or contact support.",
    nsfwSupport: "Contact support",
  },
};
