/**
 * Pricing page strings (spec 01 §2 Pricing, §4 plan buttons and plan change, §5, §8), merged into
 * the app's Korean tree as `pricing`. Figures are never written here: they come from
 * PLAN_CATALOG / CREDIT_PACK_CATALOG and policy.ts through interpolation.
 */
export const pricingKo = {
  eyebrow: "요금제",
  title: "작업량에 꼭 맞는 요금제",
  description:
    "매월 충전되는 구독 크레딧, 또는 필요할 때만 사는 1회 구매 크레딧. 언제든 바꾸고 해지할 수 있어요.",
  summary: {
    label: "내 이용 현황",
    plan: "현재 요금제",
    credits: "보유 크레딧",
    creditsValue: "{{value}} 크레딧",
    manage: "마이페이지에서 관리",
  },
  tabs: {
    label: "결제 방식",
    monthly: "월 구독",
    packs: "1회 구매",
  },
  plans: {
    perMonth: "/월",
    credits: "매월 {{value}} 크레딧",
    popular: "가장 인기",
    current: "내 요금제",
    note: "구독 크레딧은 매월 결제일에 충전되고, 구독이 끝나면 사라집니다.",
    taglines: {
      basic: "처음 시작하는 분께",
      deluxe: "꾸준히 작업하는 크리에이터에게",
      premium: "모든 기능을 가장 넉넉하게",
    },
    buttons: {
      start: "시작하기",
      active: "이용 중",
      upgrade: "업그레이드",
      downgrade: "다운그레이드",
      cancelled: "구독 해지됨",
      scheduled: "다음 결제일부터 적용",
    },
    cancelledTooltip:
      "구독 해지가 예약되어 있어요. 마이페이지에서 해지를 먼저 취소한 뒤 요금제를 바꿀 수 있습니다.",
  },
  packs: {
    oneTime: "1회 결제",
    credits: "{{value}} 크레딧",
    perCredit: "100크레딧당 {{value}}",
    buy: "구매하기",
    bestValue: "가장 알뜰",
    noteNever: "1회 구매 크레딧은 만료되지 않으며, 구독 크레딧보다 먼저 사용됩니다.",
    noteDays: "1회 구매 크레딧은 구매일로부터 {{days}}일 동안 쓸 수 있으며, 구독 크레딧보다 먼저 사용됩니다.",
  },
  confirm: {
    title: "요금제를 변경할까요?",
    description: "변경 내용을 확인해 주세요.",
    current: "현재 요금제",
    target: "변경할 요금제",
    credits: "매월 {{value}} 크레딧",
    upgrade: "업그레이드는 지금 바로 적용되며, 남은 기간의 차액이 일할 계산되어 결제됩니다.",
    downgrade:
      "다운그레이드는 다음 결제 주기부터 적용됩니다. 그때까지는 기존 요금제의 혜택이 그대로 유지됩니다.",
    cancelScheduled: "예약된 구독 해지가 있습니다. 요금제를 변경하면 해지 예약이 풀리고 구독이 계속됩니다.",
    warning: "변경하기를 누르면 즉시 처리되며, 되돌릴 수 없습니다.",
    submit: "변경하기",
    keep: "취소",
  },
  toasts: {
    changed: "요금제가 변경되었습니다.",
    upgraded: "{{plan}} 요금제로 변경되었습니다.",
    downgradeScheduled:
      "다음 결제 주기부터 {{plan}} 요금제가 적용됩니다. 그때까지 {{current}} 혜택이 유지됩니다.",
    stayed: "{{plan}} 요금제를 계속 이용합니다.",
    cancelRemoved: "구독 해지 예약이 취소되었고, 구독이 계속됩니다.",
  },
  errors: {
    changeFailed: "요금제 변경에 실패했습니다. {{reason}}",
    checkoutFailed: "결제를 시작하지 못했습니다. {{reason}}",
    noCheckoutUrl: "결제 페이지 주소를 받지 못했습니다. 잠시 후 다시 시도해 주세요.",
    processing: "결제 처리 중 오류가 발생했습니다. {{reason}}",
    authNotReady: "로그인 상태를 확인하고 있어요. 잠시 후 다시 시도해 주세요.",
    loginRequired: "크레딧을 구매하려면 로그인이 필요합니다.",
    cancelledFirst: "구독 해지가 예약되어 있어요. 마이페이지에서 해지를 먼저 취소해 주세요.",
    endedStartNew: "구독 기간이 끝났습니다. 새 구독을 시작해 주세요.",
  },
  faq: {
    eyebrow: "FAQ",
    title: "자주 묻는 질문",
    items: {
      credits: {
        q: "크레딧은 무엇이고, 얼마나 쓰이나요?",
        a: "크레딧은 결의 모든 AI 기능에 쓰는 이용권입니다. 매월 충전되는 구독 크레딧과 1회 구매 크레딧 두 가지가 있으며, 사진 한 장 보정·업스케일에는 크기에 따라 약 {{min}}~{{max}}크레딧 이상이 쓰입니다.",
      },
      spendingOrder: {
        q: "크레딧은 어떤 순서로 차감되나요?",
        a: "1회 구매 크레딧이 먼저 차감되고, 다 쓰면 구독 크레딧이 차감됩니다. 작업이 실패하면 차감된 크레딧은 자동으로 돌려드립니다.",
      },
      expiry: {
        q: "크레딧에 유효기간이 있나요?",
        aNever:
          "구독 크레딧은 구독이 끝나는 시점에 사라지고, 갱신될 때마다 새로 충전됩니다. 1회 구매 크레딧은 만료되지 않습니다.",
        aDays:
          "구독 크레딧은 구독이 끝나는 시점에 사라지고, 갱신될 때마다 새로 충전됩니다. 1회 구매 크레딧은 구매일로부터 {{days}}일 동안 쓸 수 있습니다.",
      },
      refunds: {
        q: "환불받을 수 있나요?",
        a: "결제 후 {{days}}일 이내이고 크레딧을 하나도 쓰지 않았다면 전액 환불해 드립니다. 크레딧을 일부라도 사용했다면 환불되지 않습니다. 자세한 내용은 환불 정책을 확인해 주세요.",
      },
      planChanges: {
        q: "요금제를 바꾸면 언제 적용되나요?",
        a: "업그레이드는 즉시 적용되고 남은 기간의 차액만 결제됩니다. 다운그레이드는 다음 결제 주기부터 적용되며, 그때까지 기존 혜택이 유지됩니다.",
      },
      cancellation: {
        q: "구독은 어떻게 해지하나요?",
        a: "마이페이지에서 언제든 해지할 수 있습니다. 해지해도 이번 결제 기간이 끝날 때까지는 그대로 이용할 수 있고, 그 전에는 해지를 취소할 수도 있습니다. 기간이 끝나면 남은 구독 크레딧은 사라집니다.",
      },
      paymentMethods: {
        q: "어떤 결제 수단을 쓸 수 있나요?",
        a: "해외 결제가 가능한 신용·체크카드로 결제할 수 있으며, 요금은 미국 달러(USD)로 청구됩니다. 결제는 결제 대행사가 안전하게 처리하고, 결은 카드 정보를 저장하지 않습니다.",
      },
      makeup: {
        q: "메이크업 피부 보정은 어느 요금제에서 쓸 수 있나요?",
        a: "메이크업 피부 보정은 {{plans}} 요금제에서 이용할 수 있습니다. 기본 피부 보정은 모든 요금제에서 쓸 수 있어요.",
      },
      affiliate: {
        q: "친구를 초대하면 혜택이 있나요?",
        a: "내 초대 링크로 가입한 분이 결제하면, 그분이 구매한 크레딧의 {{share}}%를 보너스 크레딧으로 드립니다. 보너스 크레딧은 다른 크레딧을 다 쓴 뒤에 사용됩니다. 링크 복사와 공유, 받은 보상은 <mypage>마이페이지의 ‘내 초대 링크’</mypage>에서 확인하세요.",
      },
      sandbox: {
        q: "결제 화면에 '테스트 결제'라고 나와요.",
        a: "서비스가 내장 테스트 결제(샌드박스)로 운영될 때는 실제 결제 대신 테스트 결제 화면이 열리고, 실제 돈은 오가지 않습니다. 테스트 카드 4242 4242 4242 4242는 결제 성공, 4000 0000 0000 0002는 결제 거절로 처리됩니다.",
      },
      paymentProcessor: {
        q: "결제는 누가 처리하나요?",
        a: "결제는 판매 대행사(Merchant of Record)인 Paddle이 처리합니다. 카드 결제와 영수증 이메일 발송, 세금 처리를 Paddle이 맡으며, 저희는 카드 번호를 보거나 저장하지 않습니다.",
      },
    },
  },
};
