/** My Page account pieces (issue 7): sign-in methods and account deletion, in Korean. */
export const accountKo = {
  methods: {
    title: "로그인 방법",
    description: "이 계정에 로그인할 수 있는 방법입니다.",
    password: "이메일 · 비밀번호",
    google: "Google",
    naver: "네이버",
    kakao: "카카오",
    linked: "연결됨",
    notLinked: "연결 안 됨",
    since: "{{date}} 연결",
    loading: "불러오는 중…",
    failed: "로그인 방법을 불러오지 못했습니다.",
  },
  delete: {
    title: "계정 삭제",
    description:
      "삭제를 요청하면 바로 로그아웃되고, {{days}}일 안에 다시 로그인하면 복구할 수 있습니다. 그 뒤에는 개인정보와 업로드한 이미지가 삭제되며, 결제 기록은 개인정보처리방침에 따라 보관됩니다.",
    button: "계정 삭제하기",
    dialogTitle: "정말 계정을 삭제할까요?",
    dialogDescription: "{{days}}일 동안은 다시 로그인해 복구할 수 있어요.",
    passwordLabel: "비밀번호 확인",
    confirmLabel: "확인을 위해 {{word}}를 입력하세요",
    submit: "삭제 요청",
    cancel: "취소",
    scheduled: "계정 삭제가 예약되었습니다. {{date}}까지 다시 로그인하면 복구할 수 있어요.",
    demo: "데모 계정은 삭제할 수 없습니다.",
    codes: {
      CONFIRMATION_MISMATCH: "비밀번호 또는 확인 문구가 올바르지 않습니다.",
      SUBSCRIPTION_ACTIVE: "구독을 먼저 해지한 뒤 계정을 삭제해 주세요.",
    },
  },
};
