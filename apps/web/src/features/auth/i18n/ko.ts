/** Sign-in flows of issue 7 (social sign-in, age confirmation, restore, password reset), in Korean. */
export const signinKo = {
  age: {
    label: "만 14세 이상입니다 (필수)",
    hint: "이용약관에 따라 만 14세 미만은 보호자 동의 없이 가입할 수 없습니다.",
  },
  social: {
    notConfigured: "{{provider}} 로그인은 이 서버에 아직 설정되지 않았습니다.",
    providers: { google: "Google", naver: "네이버", kakao: "카카오" },
    googleFailed: "Google 로그인에 실패했습니다.",
  },
  redirectErrors: {
    provider_not_configured:
      "이 서버에는 해당 간편 로그인이 설정되어 있지 않습니다. 이메일로 로그인해 주세요.",
    state_mismatch: "로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.",
    provider_error: "간편 로그인이 취소되었거나 완료되지 않았습니다. 다시 시도해 주세요.",
    link_requires_signin:
      "이 이메일로 가입된 계정이 이미 있습니다. 먼저 이메일과 비밀번호로 로그인해 주세요.",
  },
  codes: {
    INVALID_GOOGLE_TOKEN: "Google 로그인 정보를 확인하지 못했습니다. 다시 시도해 주세요.",
    PROVIDER_NOT_CONFIGURED: "이 서버에는 해당 간편 로그인이 설정되어 있지 않습니다.",
    SIGNIN_EXPIRED: "로그인 시간이 지났습니다. 처음부터 다시 시도해 주세요.",
    ACCOUNT_LINK_REQUIRES_SIGNIN:
      "이 이메일로 가입된 계정이 이미 있습니다. 먼저 이메일과 비밀번호로 로그인해 주세요.",
    INVALID_RESET_TOKEN: "비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 새 링크를 요청해 주세요.",
  },
  socialSignup: {
    title: "가입을 마무리해 주세요",
    subtitle: "처음 오셨네요! 한 가지만 확인하면 바로 시작할 수 있어요.",
    via: "{{provider}} 계정으로 가입합니다",
    noEmail: "이메일 제공에 동의하지 않아 {{provider}} 계정 정보로만 가입됩니다.",
    submit: "동의하고 가입하기",
    submitting: "가입 중…",
    loading: "가입 정보를 불러오는 중…",
    expired: "가입 정보가 만료되었습니다. 로그인 화면에서 다시 시작해 주세요.",
    backToLogin: "로그인으로 돌아가기",
    success: "가입이 완료되었습니다. 결에 오신 것을 환영해요!",
  },
  restore: {
    title: "삭제 예정인 계정입니다",
    description: "이 계정은 {{date}}에 삭제될 예정입니다. 복구하면 지금처럼 이용할 수 있어요.",
    restore: "계정 복구하기",
    keep: "삭제 유지",
    success: "계정이 복구되었습니다. 다시 만나서 반가워요!",
  },
  /** 429 RATE_LIMITED at login, by details.scope (issue 11); {{wait}} is limits.seconds or limits.minutes. */
  limits: {
    account:
      "이 계정에 잘못된 비밀번호가 여러 번 입력되어 보안을 위해 {{wait}} 동안 로그인을 막아 두었습니다. 잠시 후 다시 시도하거나, 전에 로그인했던 브라우저에서 로그인하거나, 이메일로 비밀번호를 재설정해 주세요.",
    network:
      "지금 사용 중인 네트워크에서 로그인 시도가 너무 많습니다. {{wait}} 후 다시 시도하거나, 전에 로그인했던 브라우저에서 로그인해 주세요.",
    seconds: "{{count}}초",
    minutes: "{{count}}분",
  },
  forgot: {
    link: "비밀번호를 잊으셨나요?",
    title: "비밀번호 재설정",
    subtitle: "가입한 이메일을 입력하면 재설정 링크를 보내드려요.",
    submit: "재설정 링크 보내기",
    submitting: "보내는 중…",
    sent: "{{email}} 주소로 가입된 계정이 있다면 재설정 링크를 보냈습니다. 링크는 1시간 동안 한 번만 사용할 수 있어요.",
    toLogin: "로그인으로 돌아가기",
  },
  reset: {
    title: "새 비밀번호 설정",
    subtitle: "앞으로 사용할 새 비밀번호를 입력하세요.",
    newPassword: "새 비밀번호",
    submit: "비밀번호 변경",
    submitting: "변경 중…",
    success: "비밀번호가 변경되었습니다. 새 비밀번호로 로그인해 주세요.",
    missingToken: "재설정 링크가 올바르지 않습니다. 메일의 링크를 다시 열거나 새 링크를 요청해 주세요.",
    requestNew: "새 링크 요청하기",
  },
};
