import { ENGINE_MAX_ASPECT_RATIO, ENGINE_MAX_INPUT_PIXELS, ENGINE_MIN_SIDE_PX } from "@gyeol/shared/retouch";
import { maskEditorEn } from "../../components/mask-editor/i18n/en.ts";
import { toolEn } from "../../components/tool/i18n/en.ts";
import { accountEn } from "../../features/account/i18n/en.ts";
import { signinEn } from "../../features/auth/i18n/en.ts";
import { chatEn } from "../../features/chat/i18n/en.ts";
import { faceEditEn } from "../../features/face-edit/i18n/en.ts";
import { generationEn } from "../../features/generation/i18n/en.ts";
import { imageEditEn } from "../../features/image-edit/i18n/en.ts";
import { legalEn } from "../../features/legal/i18n/en.ts";
import { mypageEn } from "../../features/mypage/i18n/en.ts";
import { noticesEn } from "../../features/notices/i18n/en.ts";
import { paymentEn } from "../../features/payment/i18n/en.ts";
import { pricingEn } from "../../features/pricing/i18n/en.ts";
import { retouchEn } from "../../features/retouch/i18n/en.ts";
import type { TTranslations } from "./ko.ts";

const ENGINE_MAX_INPUT_MEGAPIXELS = Math.floor(ENGINE_MAX_INPUT_PIXELS / 1_000_000);

/** English strings: the same key tree as ko.ts. */
export const en: TTranslations = {
  common: {
    productName: "Gyeol",
    productNameLatin: "Gyeol",
    tagline: "Better visuals, faster decisions",
    loading: "Loading…",
    backHome: "Back to home",
    close: "Close",
    or: "or",
    comingSoon: "Coming soon",
    newTab: "opens in a new tab",
  },
  meta: {
    titleSuffix: "Gyeol",
    landingTitle: "Gyeol — AI portrait retouch that keeps real skin",
  },
  nav: {
    label: "Main menu",
    home: "Home",
    notice: "Notice",
    pricing: "Pricing",
    mypage: "My Page",
    login: "Log in",
    logout: "Log out",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    menuTitle: "Menu",
    account: "Account",
    language: "Language",
  },
  header: {
    creditsLabel: "Credit balance",
    creditsUnit: "credits",
    homeLink: "Gyeol home",
  },
  locale: {
    switchLabel: "Choose language",
    ko: "KR",
    en: "EN",
    koFull: "한국어",
    enFull: "English",
  },
  appearance: {
    title: "Appearance",
    description: "Choose a light or dark screen, or follow your device's setting.",
  },
  aiSuite: {
    label: "AI Suite",
    countLabel: "{{count}} tools",
    title: "AI Suite",
    subtitle: "Choose your AI tool",
    close: "Close AI Suite",
    tools: {
      upscale: {
        name: "Retouch",
        category: "Enhance",
        description: "Natural skin retouch and high-resolution upscale that keeps real texture",
      },
      imageEdit: {
        name: "Image Edit",
        category: "Edit",
        description: "Edit up to 8 images at once with a prompt and masks",
      },
      faceEdit: {
        name: "Face Edit",
        category: "Facial",
        description: "Paint over a face area and change only that, naturally",
      },
      imageGeneration: {
        name: "Image Generation",
        category: "Generate",
        description: "Create new images from a reference image and a prompt",
      },
    },
  },
  footer: {
    description: "Skin that keeps its texture, retouch that looks natural. AI retouch made for portraits.",
    productHeading: "Product",
    companyHeading: "Support",
    legalHeading: "Legal",
    support: "Contact support",
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    refund: "Refund Policy",
    copyright: "© {{year}} Gyeol. All rights reserved.",
    theme: {
      label: "Theme",
      system: "System",
      light: "Light",
      dark: "Dark",
    },
  },
  operator: {
    heading: "Business information",
    companyHeading: "Company information",
    contactHeading: "Contact",
    privacyHeading: "Privacy officer",
    fields: {
      name: "Company",
      representative: "Representative",
      businessNumber: "Business registration no.",
      mailOrderNumber: "Mail-order business no.",
      address: "Address",
      phone: "Phone",
      supportEmail: "E-mail",
      supportHours: "Support hours",
      privacyOfficer: "Privacy officer",
    },
  },
  community: {
    label: "Join the community chat",
  },
  session: {
    expiredTitle: "Login expired",
    expiredDefault: "Your login has expired. Please log in again!",
    loginAgain: "Log in again",
  },
  errorScreen: {
    title: "An error occurred",
    description: "An unexpected error occurred. Please refresh the page or go home and try again.",
    chunkHint: "A new version may have been released. Refreshing the page usually fixes this.",
    reload: "Refresh page",
    goHome: "Go home",
  },
  notFound: {
    code: "404",
    title: "We can't find that page",
    description:
      "The address may have changed or the page was removed. Please check the address and try again.",
    home: "Back to home",
  },
  comingSoon: {
    badge: "Coming soon",
    lead: "We're polishing this page. It will open right here soon.",
    home: "Go home",
    explore: "Explore Gyeol",
  },
  pages: {
    landing: { title: "Home", description: "Welcome to Gyeol." },
    pricing: {
      title: "Pricing",
      description: "Compare monthly subscriptions and one-time credit packs side by side.",
    },
    login: { title: "Log in", description: "Log in to your Gyeol account." },
    signup: { title: "Sign up", description: "Create a new Gyeol account." },
    socialSignup: { title: "Finish signing up", description: "Confirm your age on a first social sign-in." },
    forgotPassword: { title: "Forgot password", description: "Get a password reset link by e-mail." },
    resetPassword: { title: "Reset password", description: "Set a new password." },
    paymentSuccess: {
      title: "Payment complete",
      description: "See your payment result and the credits added to your account.",
    },
    paymentFailed: {
      title: "Payment failed",
      description: "Why a payment did not go through, and what you can do next.",
    },
    paymentReturn: {
      title: "Processing payment",
      description: "We check your payment result and take you to the right page.",
    },
    upscale: {
      title: "AI Retouch",
      description:
        "Upload a photo: we keep the skin texture, even the tone and upscale it to high resolution.",
    },
    imageEdit: {
      title: "Image Edit",
      description: "Edit up to 8 images at once with a prompt and masks.",
    },
    faceEdit: {
      title: "Face Edit",
      description: "Paint the area you want to change and only that part changes.",
    },
    chat: {
      title: "AI Prompt Chat",
      description: "Talk with AI to refine the prompt for the result you want.",
    },
    mypage: { title: "My Page", description: "Your credits, subscription and retouch history in one place." },
    imageGeneration: {
      title: "Image Generation",
      description: "Create up to 4 images at once from a reference image and a prompt.",
    },
    consistency: {
      title: "Image Generation",
      description: "Create new images from a reference and a prompt.",
    },
    noticeList: { title: "Notice", description: "News and updates about the service." },
    noticeDetail: { title: "Notice", description: "The full text of a notice." },
    noticeEdit: { title: "Edit notice", description: "Where administrators edit a notice." },
    noticeWrite: { title: "New notice", description: "Where administrators write a new notice." },
    terms: { title: "Terms of Service", description: "The terms for using Gyeol." },
    privacy: { title: "Privacy Policy", description: "How we collect, use and protect your personal data." },
    refund: { title: "Refund Policy", description: "When and how credits and subscriptions are refunded." },
  },
  auth: {
    login: {
      title: "Welcome back",
      subtitle: "Log in to continue retouching with Gyeol.",
      submit: "Log in",
      submitting: "Logging in…",
      failed: "Login failed.",
      success: "Welcome back, {{name}}!",
      noAccount: "New to Gyeol?",
      toSignup: "Create an account",
      formLabel: "Log in with e-mail",
    },
    signup: {
      title: "Create your account",
      subtitle: "It takes a few seconds, then you can start retouching.",
      submit: "Sign up",
      submitting: "Signing up…",
      failed: "Sign-up failed.",
      success: "Your account is ready. Welcome to Gyeol!",
      hasAccount: "Already have an account?",
      toLogin: "Log in",
      formLabel: "Sign up with e-mail",
      agreement:
        "By signing up you agree to the <terms>Terms of Service</terms> and the <privacy>Privacy Policy</privacy>.",
    },
    fields: {
      name: "Name",
      namePlaceholder: "Your name",
      email: "E-mail",
      emailPlaceholder: "you@example.com",
      password: "Password",
      passwordPlaceholder: "Enter your password",
      passwordHint: "Use at least {{min}} characters.",
      showPassword: "Show password",
      hidePassword: "Hide password",
    },
    social: {
      google: "Sign in with Google",
      googleSignup: "Sign up with Google",
      naver: "Log in with NAVER",
      kakao: "Login with Kakao",
      naverSignup: "Sign up with NAVER",
      kakaoSignup: "Sign up with Kakao",
      googleSoon: "Google sign-in is being set up. Please check back soon!",
      groupLabel: "Quick sign-in",
    },
    logout: {
      success: "You have been logged out.",
    },
  },
  errors: {
    generic: "Something went wrong. Please try again shortly.",
    withField: "{{field}}: {{reason}}",
    blockedWord:
      "“{{word}}” is a word that is not allowed, so this can't be processed. Take it out and try again.",
    fieldNames: {
      name: "Name",
      email: "E-mail",
      password: "Password",
      title: "Title",
      content: "Content",
      files: "Attachments",
      image: "Image",
      ageConfirmed: "Age confirmation",
      confirmation: "Confirmation word",
    },
    validation: {
      required: "This field is required.",
      blank: "This can't be empty or only spaces.",
      tooSmallText: "Use at least {{minimum}} characters.",
      tooBigText: "Use at most {{maximum}} characters.",
      tooSmallNumber: "Must be at least {{minimum}}.",
      tooBigNumber: "Must be at most {{maximum}}.",
      tooSmallItems: "Add at least {{minimum}}.",
      tooBigItems: "At most {{maximum}} allowed.",
      invalidEmail: "Enter a valid e-mail address.",
      invalidFormat: "This format isn't valid.",
      invalidType: "Enter a valid value.",
      invalidValue: "Choose one of the allowed values.",
      notMultipleOf: "Use steps of {{multipleOf}}.",
      unrecognizedKeys: "This includes a field that isn't accepted here.",
      controlChars: "Remove invisible control characters.",
      notImage: "This isn't an image file (JPEG, PNG, GIF, WebP). We check the contents, not the name.",
      emptyContent: "Nothing is left to show once unsafe markup is removed.",
      invalid: "Check this value.",
      fields: {
        ageConfirmed: "Confirm that you are 14 or older.",
        token: "This reset link is not valid. Please ask for a new one.",
      },
    },
    codes: {
      VALIDATION_ERROR: "Please check what you entered.",
      INVALID_JSON: "The request was malformed.",
      UNSUPPORTED_MEDIA_TYPE: "This format is not supported.",
      PAYLOAD_TOO_LARGE: "The file is too large.",
      REQUEST_TIMEOUT: "Sending took too long and was stopped. Check your connection and try again.",
      NOT_FOUND: "We couldn't find what you asked for.",
      AUTH_REQUIRED: "Please log in first.",
      SESSION_EXPIRED: "Your login has expired. Please log in again!",
      FORBIDDEN: "You don't have permission to do that.",
      ORIGIN_MISMATCH: "The security check failed. Please refresh the page.",
      RATE_LIMITED: "Too many attempts. Please wait a moment and try again.",
      EMAIL_TAKEN: "This e-mail is already registered.",
      INVALID_CREDENTIALS: "Incorrect e-mail or password.",
      INSUFFICIENT_CREDITS: "You don't have enough credits.",
      PLAN_REQUIRED: "Makeup correction comes with the Deluxe and Premium plans.",
      MAINTENANCE: "We're down for maintenance. Please try again shortly.",
      INTERNAL_ERROR: "Something went wrong on our side. Please try again shortly.",
      LLM_NOT_CONFIGURED:
        "The operator has not connected an AI language model yet, so this feature is unavailable.",
      LLM_UNAVAILABLE:
        "The AI model could not be reached. Please try again shortly; any credits used are refunded.",
      LLM_TIMEOUT: "The AI model took too long to answer. Please try again; any credits used are refunded.",
      LLM_RATE_LIMITED:
        "The AI model is busy right now. Please try again in a moment; any credits used are refunded.",
      LLM_REJECTED:
        "The AI model did not process this request. Change it and try again, or contact the operator; any credits used are refunded.",
      LLM_EMPTY_REPLY: "The AI model sent an empty answer. Please try again; any credits used are refunded.",
      NSFW_PROMPT_BLOCKED: "The prompt contains a word that is not allowed, so it can't be processed.",
      LLM_NOT_A_PROMPT:
        "The AI model answered with something other than a prompt. Please try again; any credits used are refunded.",
      TEXT_NOT_UTF8:
        "The text is garbled (not valid UTF-8), so it can't be accepted. Please type or paste it again.",
      IMAGE_EMPTY: "The image file is empty (0 bytes). Please choose another file.",
      CHAT_MESSAGE_NOT_EDITABLE:
        "This message can't be regenerated, continued or edited. Only the last answer can be regenerated or continued.",
      GENERATION_NOT_CONFIGURED:
        "Image generation is not available: the operator has not connected a generation provider.",
      GENERATION_FAILED: "Image generation failed. Your credits have been refunded; please try again.",
      GENERATION_CONTENT_REFUSED:
        "The generation provider refused this prompt or image under its content policy. Your credits have been refunded.",
      GENERATION_BUSY:
        "The generation provider is busy with too many requests. Your credits have been refunded; please try again shortly.",
      GENERATION_PROVIDER_REFUSED:
        "The generation provider refused the service's account. Your credits have been refunded; please tell the operator.",
      GENERATION_INVALID_INPUT:
        "The generation provider could not use this image or these settings. Your credits have been refunded.",
      IMAGE_EDIT_NOT_CONFIGURED:
        "Image edit is not available: the operator has not connected an image-edit provider.",
      IMAGE_RESOLUTION_TOO_LOW: "The image resolution is too low. Use an image of at least 960x960 pixels.",
      IMAGE_RATIO_OUT_OF_RANGE:
        "An image's width-to-height ratio must be between 1:3 and 3:1. Crop a very wide or tall image before uploading it.",
      IMAGE_OUTPUT_TOO_SMALL:
        "The output size is too small: image edit makes at least 921,600 pixels (for example 1280x720). Make the size larger.",
      EDIT_OVERSIZE_IMAGE:
        "An image is 10 MB or larger, which the provider cannot take. Your credits have been refunded.",
      EDIT_MASKED_IMAGE_TOO_LARGE:
        "With its mask drawn in, an image is still over 9 MB (9,437,184 bytes) even at the lowest JPEG quality we try. Use a smaller image. Your credits have been refunded.",
      EDIT_ASPECT_RATIO:
        "The provider cannot process an image of this aspect ratio. Your credits have been refunded.",
      EDIT_INVALID_PARAMETER:
        "The provider could not use an image's resolution or format (at least 960x960, JPG or PNG). Your credits have been refunded.",
      EDIT_SENSITIVE_CONTENT:
        "The provider detected sensitive content in an image, so it was not processed. Your credits have been refunded.",
      EDIT_PROVIDER_INTERNAL:
        "The provider had a temporary error. Your credits have been refunded; please try again shortly.",
      EDIT_PROVIDER_TIMEOUT:
        "The provider took too long to answer. Your credits have been refunded; please try again or refresh your history.",
      EDIT_FAILED: "Generation failed because of a provider error. Your credits have been refunded.",
      NETWORK_ERROR: "Can't reach the server. Please check your connection.",
      INVALID_RESPONSE: "The server sent an unexpected answer. Please try again shortly.",
      DEPENDENCY_UNAVAILABLE: "Part of the service is not answering right now. Please try again shortly.",
      MAIL_LINKS_NOT_CONFIGURED:
        "This server is not set up to send links by e-mail yet. Please contact the site's administrator.",
      CSRF_TOKEN_INVALID:
        "This payment form has expired or did not come from this site. Reload the checkout page and try again.",
      METHOD_NOT_ALLOWED: "This request isn't supported.",
      INVALID_SIGNATURE: "The payment notification's signature could not be verified.",
      NO_SUBSCRIPTION: "You don't have an active subscription.",
      ALREADY_SUBSCRIBED: "You already have a subscription. Change your plan instead.",
      SAME_PLAN: "You're already on this plan.",
      NOT_CANCELLED: "Your subscription isn't scheduled to cancel.",
      PAYMENT_PROVIDER_ERROR: "The payment service couldn't be reached. Please try again shortly.",
      NSFW_CONTENT_DETECTED:
        "This photo looks like it contains nudity or sexual content, which we don't process. If it's an ordinary photo, try a crop that shows the whole face (face and shoulders), upload the colour original of a black-and-white photo, or contact support.",
      INVALID_IMAGE: "The image couldn't be read. Upload an undamaged JPEG or PNG file.",
      UNSUPPORTED_IMAGE_TYPE:
        "This file is not a JPG or PNG inside: we check the contents, not the name, so a GIF renamed .jpg is still a GIF. Save it as JPG or PNG and upload it again.",
      JOB_CANCELLED: "You cancelled this job. Its credits were refunded.",
      JOB_ALREADY_FINISHED: "This job has already finished, so it can't be cancelled.",
      IMAGE_TOO_LARGE: `The image has too many pixels. Upload one of ${ENGINE_MAX_INPUT_MEGAPIXELS} megapixels or fewer.`,
      IMAGE_TOO_SMALL: `The image is too small. Upload one whose shorter side is at least ${ENGINE_MIN_SIDE_PX} pixels.`,
      IMAGE_ASPECT_RATIO_UNSUPPORTED: `The image is too long and narrow. Upload one whose longer side is at most ${ENGINE_MAX_ASPECT_RATIO} times its shorter side.`,
      SCALE_LIMIT_EXCEEDED: "The enlarged image would be too large. Choose a smaller scale.",
      CHECKSUM_MISMATCH: "The upload arrived damaged. Please upload it again.",
      ENGINE_FAILED: "Processing failed. Your credits were refunded.",
      COMFYUI_VALIDATION_FAILED:
        "The image server (ComfyUI) refused this tool's workflow: it does not match the server's nodes (another ComfyUI version or a missing custom node). Your credits were refunded; the site's operator has to update the workflow.",
      COMFYUI_MODEL_MISSING:
        "A model file this tool needs is not installed on the image server (ComfyUI). Your credits were refunded; the site's operator has to install it.",
      COMFYUI_OUT_OF_MEMORY:
        "The image server's GPU ran out of memory on this job. Your credits were refunded; try a smaller picture or fewer images.",
      COMFYUI_TIMEOUT:
        "The image server (ComfyUI) did not finish within the time this site allows for one job. Your credits were refunded; please try again.",
      COMFYUI_UNAVAILABLE:
        "The image server (ComfyUI) could not be reached. Your credits were refunded; please try again shortly.",
      COMFYUI_EXECUTION_FAILED:
        "The image server (ComfyUI) stopped with an error while making the picture. Your credits were refunded; please try again.",
      COMFYUI_NO_OUTPUT:
        "The image server (ComfyUI) finished without saving a picture. Your credits were refunded; the site's operator has to check the workflow's output.",
      COMFYUI_INPUT_TOO_LARGE:
        "The pictures were too large to send to the image server (RunPod accepts at most 10 MB per job). Your credits were refunded; try fewer or smaller pictures.",
      JOB_ABANDONED: "The job stopped too many times and was cancelled. Your credits were refunded.",
      PROVIDER_UNAVAILABLE: "The image processing service couldn't be reached. Your credits were refunded.",
      PROVIDER_ERROR: "The image processing service reported an error. Your credits were refunded.",
      PROVIDER_TIMEOUT: "Image processing took too long. Your credits were refunded.",
      FACE_EDIT_FAILED: "AI processing failed. Please try again. Your credits were refunded.",
      TIMEOUT: "Processing time exceeded. Please try again.",
      MASK_REQUIRED: "Draw the area to change!",
      NOT_A_MASK:
        "The mask you sent is a photo, not a mask. Draw the area to change in the mask editor and save it again.",
      MASK_RATIO_MISMATCH:
        "The mask doesn't have its photo's proportions (they may differ by at most 2%). Draw the mask again on this photo.",
      MODEL_MISSING: "The image model could not be loaded. Your credits were refunded.",
      INVALID_ARGUMENT: "The processing settings were not valid. Your credits were refunded.",
      INVALID_INPUT: "The job request was not valid. Your credits were refunded.",
      UNKNOWN_TOOL: "This kind of job isn't supported. Your credits were refunded.",
      INVALID_GOOGLE_TOKEN: "We could not verify your Google sign-in. Please try again.",
      PROVIDER_NOT_CONFIGURED: "This sign-in method is not configured on this server.",
      AGE_CONFIRMATION_REQUIRED: "Confirm that you are 14 or older to sign up.",
      SIGNIN_EXPIRED: "The sign-in took too long. Please start again.",
      ACCOUNT_LINK_REQUIRES_SIGNIN:
        "An account with this e-mail already exists. Sign in with its e-mail and password first.",
      ACCOUNT_PENDING_DELETION: "This account is scheduled for deletion. Sign in to restore it.",
      CONFIRMATION_MISMATCH: "The password or the confirmation word is not correct.",
      SUBSCRIPTION_ACTIVE: "Cancel your subscription before deleting the account.",
      INVALID_RESET_TOKEN: "This reset link has expired or was already used. Please ask for a new one.",
      SERVICE_UNAVAILABLE: "The service is temporarily unavailable. Please try again shortly.",
      REQUEST_FAILED: "The request could not be completed. Please try again shortly.",
    },
  },
  landing: {
    hero: {
      eyebrow: "AI portrait retouch & upscale",
      title: "Keep the texture,",
      titleAccent: "lose the blemishes",
      description:
        "Gyeol evens tone and clears blemishes while keeping pores and fine texture. Lips, brows and eyes stay untouched, and the result is upscaled to high resolution.",
      start: "Start retouching",
      pricing: "See pricing",
      highlights: {
        texture: "Pores and texture kept",
        features: "Features protected",
        upscale: "Up to 2× upscale",
      },
    },
    compare: {
      label: "Before and after comparison",
      before: "Before",
      after: "After",
      pickerLabel: "Choose a sample",
      hint: "Drag the handle to compare",
      placeholder: "Sample image coming soon",
      credit:
        "Sample photos: public-domain official portraits (U.S. Representative Grace Meng, U.S. Senator Martin Heinrich, NASA astronaut Eileen Collins), retouched and enlarged 2× by Gyeol's built-in engine",
      zoom: "Zoom in on skin",
      samples: {
        korean_basic: "East Asian woman · basic",
        korean_makeup: "East Asian woman · makeup",
        foreigner_man: "Western man · basic",
        western_girl_makeup: "Western woman · makeup",
      },
    },
    realism: {
      eyebrow: "Skin realism",
      title: "Retouched, never plastic",
      description:
        "Gyeol never wipes skin away. It keeps the detail your eye reads as real and removes only what distracts.",
      features: {
        pores: {
          title: "Keeps pores and texture",
          text: "No waxy blur: pores, fine lines and peach fuzz stay exactly where they are.",
        },
        protect: {
          title: "Protects lips, brows and eyes",
          text: "Facial features are masked out of the retouch, so people still look like themselves.",
        },
        tone: {
          title: "Natural, even tone",
          text: "Redness and blemishes are evened out while the skin keeps its own colour and warmth.",
        },
        upscale: {
          title: "High-resolution upscale",
          text: "Retouch and upscale up to 2× in one pass, sharp enough for print and product pages.",
        },
      },
    },
    plans: {
      eyebrow: "Plans",
      title: "Simple plans, monthly credits",
      description: "Credits refill every month. Upgrade or cancel any time.",
      perMonth: "/month",
      credits: "{{value}} credits every month",
      popular: "Most popular",
      cta: "See {{plan}} plan details",
      allPlans: "Compare all plans",
      taglines: {
        basic: "For getting started",
        deluxe: "For creators who retouch every week",
        premium: "Everything, with room to spare",
      },
    },
    closing: {
      title: "Your portraits, down to the texture",
      description:
        "Create an account and run your first retouch in minutes. Try again until you love the result.",
      start: "Start retouching",
      signup: "Create an account",
    },
  },
  /** Feature strings kept beside their features (features/notices, features/legal). */
  notices: noticesEn,
  legal: legalEn,
  pricing: pricingEn,
  payment: paymentEn,
  mypage: mypageEn,
  retouch: retouchEn,
  faceEdit: faceEditEn,
  imageEdit: imageEditEn,
  maskEditor: maskEditorEn,
  chat: chatEn,
  generation: generationEn,
  tool: toolEn,
  signin: signinEn,
  account: accountEn,
  // Issue 26 (drafts, limits named before the click, errors titled by what failed): one block.
  drafts: {
    restored: "Your unsent work is back where you left it.",
  },
  toolLimits: {
    errorTitles: {
      upload: "Upload failed",
      run: "Run failed",
      download: "Download failed",
    },
    titled: "{{title}} — {{reason}}",
    creditsShort: "Not enough credits: this costs {{cost}} and you have {{credits}}.",
    topUp: "Top up credits",
    retouchMaxScale:
      "This photo can be enlarged up to {{max}}×: an output whose width + height is {{limit}} px or more can't be processed.",
    editTileRatio:
      "This image is {{width}}×{{height}}; image edit takes images with a width-to-height ratio between {{min}} and {{max}}. Crop it and add it again.",
    editTileRatioHint: "Image {{index}}'s ratio is outside {{min}}–{{max}}",
    editOutputTooSmall:
      "The output size {{width}}×{{height}} is {{pixels}} pixels; image edit makes at least {{minPixels}} pixels. Make it larger.",
    editOutputTooSmallHint: "The output must be at least {{minPixels}} pixels",
    payloadTooLarge: "The file is too large: files of at most {{mb}} MB can be uploaded.",
    editTooLarge: "This file is {{size}} MB; image edit takes files of at most {{maxMb}} MB.",
    editInvalidType: "Only jpg and png files can be added; this file is {{type}}.",
  },
  toolFlow: {
    editAgain: "Edit this result again",
    editAgainAdded: "The result is now an input image for the next edit.",
    runAgain: "Run again",
    runAgainLabel: "Run again: load the prompt and settings from {{date}}",
    runAgainLoaded:
      "Loaded the prompt, settings and input images from history. Press Generate to make it again.",
    runAgainImagesGone:
      "Input images not loaded: {{count}}. They passed the 30-day keeping time and were deleted.",
    editAgainReference: "The result is now the reference image of your next generation.",
  },
  billing: {
    scheduledDowngrade: {
      text: "Your plan changes from {{from}} to {{to}} on {{date}}. {{from}} benefits continue until then.",
      textNoDate: "Your plan changes from {{from}} to {{to}} at the next renewal.",
      keep: "Keep {{plan}}",
      kept: "You stay on {{plan}}.",
      keepFailed: "We could not keep your plan: {{reason}}",
    },
  },
  plans: {
    names: {
      free: "Free",
      basic: "Basic",
      deluxe: "Deluxe",
      premium: "Premium",
    },
    features: {
      aiUpscaling: "AI upscaling",
      skinBasic: "Skin correction (basic)",
      highRes: "High-resolution conversion",
      realtime: "Real-time processing",
      skinMakeup: "Skin correction (makeup)",
      unlimitedUpload: "Unlimited upload",
      betaFeatures: "Free beta features",
    },
  },
};
