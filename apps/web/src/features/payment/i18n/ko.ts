/** Payment result and return strings (spec 01 §2 payment screens, §8), merged as `payment`. */
export const paymentKo = {
  account: {
    email: "계정",
    credits: "보유 크레딧",
    creditsValue: "{{value}} 크레딧",
    plan: "요금제",
  },
  success: {
    eyebrow: "결제 완료",
    title: "결제가 완료되었습니다",
    description: "크레딧이 계정에 바로 반영되었어요. 이제 마음껏 보정해 보세요.",
    syncing: "계정 정보를 새로 불러오는 중…",
    toUpscale: "보정 시작하기",
    toMypage: "마이페이지",
  },
  failed: {
    eyebrow: "결제 실패",
    title: "결제를 완료하지 못했습니다",
    description: "요금은 청구되지 않았습니다. 아래 내용을 확인한 뒤 다시 시도해 주세요.",
    causesTitle: "이런 경우 결제가 실패할 수 있어요",
    causes: {
      cardInfo: "카드 번호, 유효기간, CVC 등 카드 정보가 잘못 입력된 경우",
      balance: "카드 잔액이나 한도가 부족한 경우",
      overseas: "해외 결제를 지원하지 않는 카드인 경우",
      temporary: "결제 대행사의 일시적인 오류가 생긴 경우",
    },
    support: "문제가 계속되면 <mail>{{email}}</mail>로 문의해 주세요.",
    supportPhone: "문제가 계속되면 고객센터(<mail>{{phone}}</mail>)로 문의해 주세요.",
    toPricing: "다시 시도하기",
    toMypage: "마이페이지",
  },
  countdown: {
    toHome: "{{seconds}}초 후 홈으로 이동합니다",
    goNow: "지금 이동",
    stay: "이 페이지에 머물기",
    stopped: "이 페이지에 머뭅니다. 자동으로 이동하지 않아요.",
    goHome: "홈으로 가기",
  },
  return: {
    title: "결제 결과를 확인하고 있어요",
    completed: "결제가 완료되었습니다.",
    cancelled: "결제가 취소되었습니다.",
    processing: "결제를 처리하고 있습니다. 잠시 후 마이페이지에서 확인해 주세요.",
  },
};
