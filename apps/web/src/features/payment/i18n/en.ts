import type { paymentKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** Payment result and return strings in English: the same keys as ko.ts. */
export const paymentEn: TTree<typeof paymentKo> = {
  account: {
    email: "Account",
    credits: "Credit balance",
    creditsValue: "{{value}} credits",
    plan: "Plan",
  },
  success: {
    eyebrow: "Payment complete",
    title: "Your payment went through",
    description: "Your credits are already on your account. Time to retouch.",
    syncing: "Refreshing your account…",
    toUpscale: "Start retouching",
    toMypage: "My Page",
  },
  failed: {
    eyebrow: "Payment failed",
    title: "We couldn't complete your payment",
    description: "You have not been charged. Please check the points below and try again.",
    causesTitle: "A payment can fail when",
    causes: {
      cardInfo: "the card details (number, expiry date or CVC) are wrong",
      balance: "the card's balance or limit is not enough",
      overseas: "the card does not support international payments",
      temporary: "the payment provider has a temporary error",
    },
    support: "If it keeps happening, contact us at <mail>{{email}}</mail>.",
    supportPhone: "If the problem continues, call Support at <mail>{{phone}}</mail>.",
    toPricing: "Try again",
    toMypage: "My Page",
  },
  countdown: {
    toHome: "Going to the home page in {{seconds}} s",
    goNow: "Go now",
    stay: "Stay here",
    stopped: "The page stays here; nothing moves on by itself.",
    goHome: "Go to the home page",
  },
  return: {
    title: "Checking your payment",
    completed: "Your payment is complete.",
    cancelled: "The payment was cancelled.",
    processing: "Your payment is being processed. Please check My Page shortly.",
  },
};
