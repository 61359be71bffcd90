import type { retouchKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** Retouch/upscale screen strings in English: the same keys as ko.ts. */
export const retouchEn: TTree<typeof retouchKo> = {
  eyebrow: "AI retouch · upscale",
  title: "Keep the texture, lose the blemishes",
  lead: "Upload a portrait: we keep pores and texture, even out the tone and upscale it to high resolution.",
  guideLink: "Generation guide",
  upload: {
    title: "Photo",
    hint: "JPG or PNG · 1024×1024 or larger recommended",
    inputLabel: "Choose a photo to retouch",
    remove: "Remove photo",
    replace: "Another photo",
    size: "{{width}} × {{height}} px",
    invalidType: "Only jpg and png can be uploaded.",
    resized: "Large photo: resized from {{from}} to {{to}} before upload.",
    resizedMin: "Large photo: resized from {{from}} to {{to}} before upload (short side kept at 1000 px).",
    previewAlt: "Your photo",
    handoffFailed: "We couldn't load the photo sent from the other page.",
  },
  regions: {
    toggle: "Show detected areas",
    toggleLabel: "Show the areas the retouch found",
    loading: "Looking at the face…",
    facesFound: "Faces found: {{count}}",
    noFace: "No face found: only the overall skin tone will be refined.",
    overlayAlt: "The photo with the skin and facial features the retouch found, in colour",
    legendSkin: "Skin: smoothed by the retouch",
    legendFeatures:
      "Eyes, brows, lips, nose, hair: kept sharp; the areas you switch on below stay exactly as they are",
  },
  options: {
    title: "Style",
    gender: "Gender",
    genders: { female: "Female", male: "Male" },
    ethnicity: "Ethnicity",
    ethnicities: { east_asian: "East Asian", western: "Western" },
    style: "Retouch style",
    styles: {
      basic: "Basic",
      makeup: "Makeup",
      matte_makeup: "Matte makeup",
      glossy: "Glossy retouch",
      basic_chic: "Basic chic",
    },
    planOnly: "{{style}} · Deluxe+",
    makeupPlanHint: "Makeup correction comes with the Deluxe and Premium plans.",
    previews: {
      label: "Style previews",
      before: "Before",
      after: "After",
      caption: {
        female_east_asian:
          "Left: the original; right: Gyeol's engine in that style. Sample: official portrait of U.S. Representative Grace Meng (public domain)",
        female_western:
          "Left: the original; right: Gyeol's engine in that style. Sample: NASA astronaut Eileen Collins (public domain)",
        male_east_asian:
          "Left: the original; right: Gyeol's engine in that style. Sample: official portrait of U.S. Representative Mark Takano (public domain)",
        male_western:
          "Left: the original; right: Gyeol's engine in that style. Sample: official portrait of U.S. Senator Martin Heinrich (public domain)",
      },
    },
  },
  scale: {
    title: "Resize",
    label: "Scale",
    value: "{{value}}×",
    original: "Keep original size",
    output: "Output {{width}} × {{height}} px",
    disabledHint: "Upload a photo to adjust",
    qualityLabel: "Expected quality",
    quality: { BEST: "Best", NORMAL: "Normal", WORST: "Low" },
  },
  filter: {
    title: "Filter",
    groupLabel: "Choose a filter",
    names: { none: "None", studio: "Studio", ppoyong: "Fair skin" },
    strength: "Strength",
    strengthSpoken: "{{percent}}%",
    dewy: "Dewy-skin retouch",
  },
  areas: {
    title: "Retouch areas",
    lead: "Areas switched on are left exactly as they are.",
    names: {
      lips: "Exclude lips",
      eyebrows: "Exclude eyebrows",
      nose: "Exclude nose",
      hair: "Exclude hair",
      background: "Exclude background",
      outfit: "Exclude outfit",
    },
  },
  fineTune: {
    title: "Fine-tune",
    lead: "Starts from the chosen style's settings. Adjust only what you need.",
    reset: "Reset to style",
    percent: "{{percent}}%",
    caption:
      "Previews: left at 0%, right at 100%. Samples: NASA astronaut Eileen Collins and Commodore Grace Hopper (public domain)",
    controls: {
      blemish_removal: {
        label: "Blemish removal",
        hint: "Heals spots and acne from the skin around them; moles stay",
      },
      dark_circles: { label: "Dark circles", hint: "Lifts the shadow and blue tint under the eyes" },
      shine_reduction: {
        label: "Shine control",
        hint: "Tones down oily shine on the forehead, nose and chin",
      },
      wrinkle_softening: { label: "Fine-line softening", hint: "Softens fine lines; deep folds stay" },
      tone_evening: { label: "Even tone", hint: "Evens out redness and blotches; blush stays" },
    },
  },
  generate: {
    button: "Generate",
    barLabel: "Quick generate",
  },
  result: {
    title: "Result",
    sample: "Sample",
    preview: "Preview",
    sampleHint: "Upload a photo and press Generate: your own result appears here",
    emptyTitle: "Ready when you are",
    empty: "Press Generate and your result appears here",
    processing: "AI is retouching your photo",
    before: "Before",
    after: "After",
    compareLabel: "Compare before and after",
    zoom: "View full screen",
    download: "Download",
    share: "Copy share link",
    builtinEngine: "Built-in engine",
    builtinHint: "This result was processed by Gyeol's built-in engine (CPU)",
    identity: "Identity kept {{percent}}%",
    identityLow: "The face changed a little. Try again with a lower filter strength.",
    shareKept: "To keep the face looking like you, {{percent}}% of the chosen retouch was applied.",
  },
  history: {
    title: "Retouch history",
    runAgain: "Run again",
    runAgainLabel: "Run again: load the photo and settings from {{date}}",
    restored: "Loaded the photo and settings from your history. Press Generate to run it again.",
    originalGone: "The original photo is no longer kept, so only the settings were loaded.",
  },
  dialogs: {
    guideTitle: "Generation guide",
    guide: {
      resolution: "Use a photo of at least 1024×1024.",
      autoResize: "Large photos are resized automatically on upload.",
      face: "The clearer the face, the better the result.",
      protect: "Switch on the areas you want kept as they are, such as lips and eyebrows.",
      cost: "From 80 credits, depending on the photo size and scale. A failed job is refunded automatically.",
    },
    largeTitle: "This is a very large photo",
    largeBody:
      "Images of 4 thousand pixels or more are hard to retouch. We'll continue with the resized copy.",
    scaleLimitTitle: "Please lower the scale",
    scaleLimitBody:
      "When the scaled width plus height is {{limit}} px or more, the photo can't be processed. Lower the scale or keep it at 1.0.",
    ok: "OK",
  },
  toast: {
    completed: "Your retouch is ready!",
    failed: "Processing failed. Your credits were refunded.",
    timeout: "Processing time exceeded. Please try again.",
    resumed: "Picking up your job in progress.",
  },
  errors: {
    generic: "An error occurred in upscale processing.",
    withMessage: "An error occurred in upscale processing: {{message}}",
    timeout: "Processing time exceeded. Please try again.",
    selectImage: "Please select an image.",
  },
};
