import type { accountKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** My Page account pieces in English: the same keys as ko.ts. */
export const accountEn: TTree<typeof accountKo> = {
  methods: {
    title: "Sign-in methods",
    description: "The ways you can sign in to this account.",
    password: "E-mail · password",
    google: "Google",
    naver: "Naver",
    kakao: "Kakao",
    linked: "Linked",
    notLinked: "Not linked",
    since: "Linked {{date}}",
    loading: "Loading…",
    failed: "Could not load your sign-in methods.",
  },
  delete: {
    title: "Delete account",
    description:
      "Deleting signs you out at once; sign in again within {{days}} days to restore the account. After that your personal data and uploaded images are removed; billing records are kept as the privacy policy says.",
    button: "Delete my account",
    dialogTitle: "Delete your account?",
    dialogDescription: "For {{days}} days you can still restore it by signing in.",
    passwordLabel: "Confirm your password",
    confirmLabel: "Type {{word}} to confirm",
    submit: "Delete",
    cancel: "Cancel",
    scheduled: "Your account will be deleted. Sign in before {{date}} to restore it.",
    demo: "The demo account cannot be deleted.",
    codes: {
      CONFIRMATION_MISMATCH: "The password or the confirmation word is not correct.",
      SUBSCRIPTION_ACTIVE: "Cancel your subscription before deleting the account.",
    },
  },
};
