import type { signinKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** Sign-in flows of issue 7 in English: the same keys as ko.ts. */
export const signinEn: TTree<typeof signinKo> = {
  age: {
    label: "I am 14 or older (required)",
    hint: "Under the terms, people under 14 cannot sign up without a parent's consent.",
  },
  social: {
    notConfigured: "{{provider}} sign-in is not configured on this server yet.",
    providers: { google: "Google", naver: "Naver", kakao: "Kakao" },
    googleFailed: "Google login failed.",
  },
  redirectErrors: {
    provider_not_configured:
      "This sign-in method is not configured on this server. Please sign in with e-mail.",
    state_mismatch: "The sign-in request expired or did not match. Please try again.",
    provider_error: "The sign-in was cancelled or did not finish. Please try again.",
    link_requires_signin:
      "An account with this e-mail already exists. Sign in with its e-mail and password first.",
  },
  codes: {
    INVALID_GOOGLE_TOKEN: "We could not verify your Google sign-in. Please try again.",
    PROVIDER_NOT_CONFIGURED: "This sign-in method is not configured on this server.",
    SIGNIN_EXPIRED: "The sign-in took too long. Please start again.",
    ACCOUNT_LINK_REQUIRES_SIGNIN:
      "An account with this e-mail already exists. Sign in with its e-mail and password first.",
    INVALID_RESET_TOKEN: "This reset link has expired or was already used. Please ask for a new one.",
  },
  socialSignup: {
    title: "Finish signing up",
    subtitle: "Welcome! One quick check and you are ready to go.",
    via: "Signing up with your {{provider}} account",
    noEmail: "You did not share an e-mail, so the account uses your {{provider}} sign-in only.",
    submit: "Agree and sign up",
    submitting: "Signing up…",
    loading: "Loading your sign-up…",
    expired: "This sign-up has expired. Please start again from the login page.",
    backToLogin: "Back to login",
    success: "Your account is ready. Welcome to Gyeol!",
  },
  restore: {
    title: "This account is scheduled for deletion",
    description: "It will be deleted on {{date}}. Restore it to keep using it as before.",
    restore: "Restore my account",
    keep: "Keep it deleted",
    success: "Your account is restored. Welcome back!",
  },
  limits: {
    account:
      "Several wrong passwords were entered for this account, so for your security sign-in is paused for {{wait}}. Try again then, sign in from a browser you have used before, or reset your password by e-mail.",
    network:
      "Too many sign-in attempts from your network. Try again in {{wait}}, or sign in from a browser you have used before.",
    seconds: "{{count}} s",
    minutes: "{{count}} min",
  },
  forgot: {
    link: "Forgot your password?",
    title: "Reset your password",
    subtitle: "Enter the e-mail you signed up with and we will send a reset link.",
    submit: "Send reset link",
    submitting: "Sending…",
    sent: "If {{email}} has an account, a reset link is on its way. It works once, for one hour.",
    toLogin: "Back to login",
  },
  reset: {
    title: "Set a new password",
    subtitle: "Enter the new password you want to use.",
    newPassword: "New password",
    submit: "Change password",
    submitting: "Changing…",
    success: "Your password is changed. Please sign in with the new one.",
    missingToken: "This reset link is not valid. Open the link in the e-mail again or ask for a new one.",
    requestNew: "Ask for a new link",
  },
};
