import type { pricingKo } from "./ko.ts";

type TTree<T> = { [K in keyof T]: T[K] extends string ? string : TTree<T[K]> };

/** Pricing page strings in English: the same keys as ko.ts. */
export const pricingEn: TTree<typeof pricingKo> = {
  eyebrow: "Pricing",
  title: "A plan that fits the way you work",
  description:
    "Subscription credits that refill every month, or one-time credits when you need them. Change or cancel any time.",
  summary: {
    label: "Your account",
    plan: "Current plan",
    credits: "Credit balance",
    creditsValue: "{{value}} credits",
    manage: "Manage on My Page",
  },
  tabs: {
    label: "How you pay",
    monthly: "Monthly subscription",
    packs: "One-time purchase",
  },
  plans: {
    perMonth: "/month",
    credits: "{{value}} credits every month",
    popular: "Most popular",
    current: "Your plan",
    note: "Subscription credits refill on each billing date and vanish when the subscription ends.",
    taglines: {
      basic: "For getting started",
      deluxe: "For creators who retouch every week",
      premium: "Everything, with room to spare",
    },
    buttons: {
      start: "Get started",
      active: "Active",
      upgrade: "Upgrade",
      downgrade: "Downgrade",
      cancelled: "Subscription cancelled",
      scheduled: "Starts at next renewal",
    },
    cancelledTooltip:
      "Your subscription is scheduled to cancel. Undo the cancellation on My Page first, then change your plan.",
  },
  packs: {
    oneTime: "One-time payment",
    credits: "{{value}} credits",
    perCredit: "{{value}} per 100 credits",
    buy: "Buy now",
    bestValue: "Best value",
    noteNever: "One-time credits never expire and are spent before your subscription credits.",
    noteDays:
      "One-time credits last {{days}} days from purchase and are spent before your subscription credits.",
  },
  confirm: {
    title: "Change your plan?",
    description: "Please check the change below.",
    current: "Current plan",
    target: "New plan",
    credits: "{{value}} credits every month",
    upgrade:
      "An upgrade takes effect right away; the difference for the rest of the period is charged pro rata.",
    downgrade:
      "A downgrade applies from the next billing cycle. Until then you keep the benefits of your current plan.",
    cancelScheduled:
      "A cancellation is scheduled. Changing the plan releases the cancellation and your subscription continues.",
    warning: "The change is made as soon as you click Change plan and cannot be undone.",
    submit: "Change plan",
    keep: "Cancel",
  },
  toasts: {
    changed: "Your plan has been changed.",
    upgraded: "Your plan is now {{plan}}.",
    downgradeScheduled:
      "{{plan}} starts with your next billing cycle. You keep the {{current}} benefits until then.",
    stayed: "You stay on the {{plan}} plan.",
    cancelRemoved: "The scheduled cancellation was removed; your subscription continues.",
  },
  errors: {
    changeFailed: "Plan change failed. {{reason}}",
    checkoutFailed: "Checkout failed. {{reason}}",
    noCheckoutUrl: "We did not receive the checkout URL. Please try again shortly.",
    processing: "An error occurred while processing the payment. {{reason}}",
    authNotReady: "We're still checking your login. Please try again in a moment.",
    loginRequired: "Please log in to buy credits.",
    cancelledFirst: "Your subscription is scheduled to cancel. Undo the cancellation on My Page first.",
    endedStartNew: "Your subscription has ended. Please start a new subscription.",
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently asked questions",
    items: {
      credits: {
        q: "What are credits, and how many does a retouch use?",
        a: "Credits pay for every AI tool in Gyeol. There are two kinds: subscription credits that refill every month, and one-time credits from credit packs. Retouching and upscaling one photo uses about {{min}} to {{max}}+ credits depending on its size.",
      },
      spendingOrder: {
        q: "In what order are credits spent?",
        a: "One-time credits are spent first; once they run out, subscription credits are used. If a job fails, its credits come back automatically.",
      },
      expiry: {
        q: "Do credits expire?",
        aNever:
          "Subscription credits vanish when the subscription ends and are recharged on every renewal. One-time credits never expire.",
        aDays:
          "Subscription credits vanish when the subscription ends and are recharged on every renewal. One-time credits last {{days}} days from purchase.",
      },
      refunds: {
        q: "Can I get a refund?",
        a: "Within {{days}} days of purchase, unused credits are refunded in full. Once any credit has been used, the purchase is not refundable. See the refund policy for details.",
      },
      planChanges: {
        q: "When does a plan change take effect?",
        a: "An upgrade takes effect immediately and you pay only the difference for the rest of the period. A downgrade applies from the next billing cycle, and you keep your current benefits until then.",
      },
      cancellation: {
        q: "How do I cancel my subscription?",
        a: "Cancel any time on My Page. You keep using your plan until the end of the current billing period and can undo the cancellation before then. When the period ends, the remaining subscription credits vanish.",
      },
      paymentMethods: {
        q: "Which payment methods can I use?",
        a: "Credit and debit cards that support international payments. Prices are charged in US dollars (USD). A payment provider processes the payment securely; Gyeol never stores your card details.",
      },
      makeup: {
        q: "Which plans include makeup skin correction?",
        a: "Makeup skin correction is available on the {{plans}} plans. Basic skin correction is included in every plan.",
      },
      affiliate: {
        q: "Do I get anything for inviting friends?",
        a: "When someone pays after joining through your invite link, you receive {{share}}% of the credits they bought as bonus credits. Bonus credits are spent after all your other credits. Copy or share your link and see what it earned under <mypage>My Page › My invite link</mypage>.",
      },
      sandbox: {
        q: "The checkout page says \u201ctest checkout\u201d.",
        a: "When the service runs on the built-in test checkout (sandbox), a test payment page opens instead of a real one and no money moves. The test card 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.",
      },
      paymentProcessor: {
        q: "Who processes my payment?",
        a: "Payments are processed by Paddle, our merchant of record: Paddle charges your card, sends the receipt by e-mail and handles taxes. We never see or store your card number.",
      },
    },
  },
};
