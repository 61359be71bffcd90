import { ENGINE_MAX_ASPECT_RATIO, ENGINE_MAX_INPUT_PIXELS, ENGINE_MIN_SIDE_PX } from "@gyeol/shared/retouch";
import { maskEditorKo } from "../../components/mask-editor/i18n/ko.ts";
import { toolKo } from "../../components/tool/i18n/ko.ts";
import { accountKo } from "../../features/account/i18n/ko.ts";
import { signinKo } from "../../features/auth/i18n/ko.ts";
import { chatKo } from "../../features/chat/i18n/ko.ts";
import { faceEditKo } from "../../features/face-edit/i18n/ko.ts";
import { generationKo } from "../../features/generation/i18n/ko.ts";
import { imageEditKo } from "../../features/image-edit/i18n/ko.ts";
import { legalKo } from "../../features/legal/i18n/ko.ts";
import { mypageKo } from "../../features/mypage/i18n/ko.ts";
import { noticesKo } from "../../features/notices/i18n/ko.ts";
import { paymentKo } from "../../features/payment/i18n/ko.ts";
import { pricingKo } from "../../features/pricing/i18n/ko.ts";
import { retouchKo } from "../../features/retouch/i18n/ko.ts";

/** 16.8 MP reads as 16 in a sentence; the server refuses anything above ENGINE_MAX_INPUT_PIXELS. */
const ENGINE_MAX_INPUT_MEGAPIXELS = Math.floor(ENGINE_MAX_INPUT_PIXELS / 1_000_000);
/**
 * Korean strings: the source key tree. en.ts must have exactly the same keys (a type check and
 * i18n.test.ts both enforce it).
 */
export const ko = {
  common: {
    productName: "결",
    productNameLatin: "Gyeol",
    tagline: "더 나은 비주얼, 더 빠른 결정",
    loading: "불러오는 중…",
    backHome: "홈으로 돌아가기",
    close: "닫기",
    or: "또는",
    comingSoon: "준비 중",
    newTab: "새 탭에서 열림",
  },
  meta: {
    titleSuffix: "결 Gyeol",
    landingTitle: "결 Gyeol — 피부결을 살리는 AI 인물 보정",
  },
  nav: {
    label: "주 메뉴",
    home: "홈",
    notice: "공지사항",
    pricing: "요금제",
    mypage: "마이페이지",
    login: "로그인",
    logout: "로그아웃",
    openMenu: "메뉴 열기",
    closeMenu: "메뉴 닫기",
    menuTitle: "메뉴",
    account: "내 계정",
    language: "언어",
  },
  header: {
    creditsLabel: "보유 크레딧",
    creditsUnit: "크레딧",
    homeLink: "결 홈으로",
  },
  locale: {
    switchLabel: "언어 선택",
    ko: "KR",
    en: "EN",
    koFull: "한국어",
    enFull: "English",
  },
  appearance: {
    title: "화면",
    description: "밝은 화면과 어두운 화면 중에서 고르거나, 기기 설정을 따르게 할 수 있어요.",
  },
  aiSuite: {
    label: "AI 기능",
    countLabel: "도구 {{count}}개",
    title: "AI 기능",
    subtitle: "사용할 AI 도구를 선택하세요",
    close: "AI 기능 닫기",
    tools: {
      upscale: {
        name: "리터치",
        category: "보정",
        description: "피부결을 살린 자연스러운 보정과 고해상도 업스케일",
      },
      imageEdit: {
        name: "이미지 편집",
        category: "편집",
        description: "프롬프트와 마스크로 최대 8장까지 한 번에 편집",
      },
      faceEdit: {
        name: "얼굴 편집",
        category: "얼굴",
        description: "마스크로 칠한 부위만 자연스럽게 바꾸기",
      },
      imageGeneration: {
        name: "이미지 생성",
        category: "생성",
        description: "레퍼런스 이미지와 프롬프트로 새로운 이미지 만들기",
      },
    },
  },
  footer: {
    description: "피부결은 그대로, 보정은 자연스럽게. 인물 사진을 위한 AI 리터치 서비스입니다.",
    productHeading: "서비스",
    companyHeading: "고객 지원",
    legalHeading: "약관 및 정책",
    support: "고객 문의",
    terms: "이용약관",
    privacy: "개인정보처리방침",
    refund: "환불 정책",
    copyright: "© {{year}} Gyeol. All rights reserved.",
    theme: {
      label: "화면 테마",
      system: "시스템",
      light: "라이트",
      dark: "다크",
    },
  },
  operator: {
    heading: "사업자 정보",
    companyHeading: "회사 정보",
    contactHeading: "문의처",
    privacyHeading: "개인정보 보호책임자",
    fields: {
      name: "상호",
      representative: "대표자",
      businessNumber: "사업자등록번호",
      mailOrderNumber: "통신판매업 신고번호",
      address: "주소",
      phone: "고객센터",
      supportEmail: "이메일",
      supportHours: "상담 시간",
      privacyOfficer: "개인정보 보호책임자",
    },
  },
  community: {
    label: "커뮤니티 채팅 참여하기",
  },
  session: {
    expiredTitle: "로그인 만료",
    expiredDefault: "로그인이 만료되었습니다. 다시 로그인해주세요!",
    loginAgain: "다시 로그인",
  },
  errorScreen: {
    title: "오류가 발생했습니다",
    description:
      "예상치 못한 오류가 발생했습니다. 페이지를 새로고침하거나 홈으로 이동한 후 다시 시도해주세요.",
    chunkHint: "새 버전이 배포되었을 수 있어요. 새로고침하면 대부분 해결됩니다.",
    reload: "새로고침",
    goHome: "홈으로 이동",
  },
  notFound: {
    code: "404",
    title: "페이지를 찾을 수 없어요",
    description: "주소가 바뀌었거나 삭제된 페이지입니다. 입력한 주소를 다시 확인해 주세요.",
    home: "홈으로 돌아가기",
  },
  comingSoon: {
    badge: "준비 중",
    lead: "더 완성도 높은 모습으로 곧 찾아올게요.",
    home: "홈으로",
    explore: "랜딩 둘러보기",
  },
  pages: {
    landing: { title: "홈", description: "결에 오신 것을 환영합니다." },
    pricing: {
      title: "요금제",
      description: "월 구독과 크레딧 충전 요금을 한눈에 비교할 수 있는 페이지입니다.",
    },
    login: { title: "로그인", description: "결 계정으로 로그인하세요." },
    signup: { title: "회원가입", description: "새 결 계정을 만드세요." },
    socialSignup: { title: "가입 마무리", description: "간편 로그인으로 처음 가입할 때 나이를 확인합니다." },
    forgotPassword: { title: "비밀번호 찾기", description: "이메일로 비밀번호 재설정 링크를 받습니다." },
    resetPassword: { title: "비밀번호 재설정", description: "새 비밀번호를 설정합니다." },
    paymentSuccess: { title: "결제 완료", description: "결제 결과와 충전된 크레딧을 확인하는 페이지입니다." },
    paymentFailed: {
      title: "결제 실패",
      description: "결제가 완료되지 않은 이유와 다음 단계를 안내하는 페이지입니다.",
    },
    paymentReturn: {
      title: "결제 처리 중",
      description: "결제 결과를 확인한 뒤 알맞은 페이지로 안내합니다.",
    },
    upscale: {
      title: "AI 리터치",
      description: "사진을 올리면 피부결은 살리고 톤은 정돈한 뒤 고해상도로 업스케일합니다.",
    },
    imageEdit: {
      title: "이미지 편집",
      description: "프롬프트와 마스크로 최대 8장의 이미지를 한 번에 편집합니다.",
    },
    faceEdit: {
      title: "얼굴 편집",
      description: "바꾸고 싶은 얼굴 부위를 칠하면 그 부분만 자연스럽게 바뀝니다.",
    },
    chat: {
      title: "AI 프롬프트 채팅",
      description: "AI와 대화하며 원하는 결과를 위한 프롬프트를 다듬습니다.",
    },
    mypage: { title: "마이페이지", description: "크레딧, 구독, 보정 기록을 한곳에서 관리합니다." },
    imageGeneration: {
      title: "이미지 생성",
      description: "레퍼런스 이미지와 프롬프트로 한 번에 최대 4장의 이미지를 만듭니다.",
    },
    consistency: { title: "이미지 생성", description: "레퍼런스 이미지와 프롬프트로 새 이미지를 만듭니다." },
    noticeList: { title: "공지사항", description: "서비스 소식과 업데이트를 전해 드립니다." },
    noticeDetail: { title: "공지사항", description: "공지의 자세한 내용을 확인하는 페이지입니다." },
    noticeEdit: { title: "공지 수정", description: "관리자가 공지를 수정하는 페이지입니다." },
    noticeWrite: { title: "공지 작성", description: "관리자가 새 공지를 작성하는 페이지입니다." },
    terms: { title: "이용약관", description: "결 서비스 이용에 관한 약관입니다." },
    privacy: { title: "개인정보처리방침", description: "개인정보를 어떻게 수집하고 보호하는지 안내합니다." },
    refund: { title: "환불 정책", description: "크레딧과 구독의 환불 기준을 안내합니다." },
  },
  auth: {
    login: {
      title: "다시 만나서 반가워요",
      subtitle: "결에 로그인하고 보정을 이어가세요.",
      submit: "로그인",
      submitting: "로그인 중…",
      failed: "로그인에 실패했습니다.",
      success: "{{name}}님, 환영합니다!",
      noAccount: "아직 계정이 없으신가요?",
      toSignup: "회원가입",
      formLabel: "이메일로 로그인",
    },
    signup: {
      title: "결 시작하기",
      subtitle: "몇 초면 가입하고 바로 보정을 시작할 수 있어요.",
      submit: "가입하기",
      submitting: "가입 중…",
      failed: "회원가입에 실패했습니다.",
      success: "가입이 완료되었습니다. 결에 오신 것을 환영해요!",
      hasAccount: "이미 계정이 있으신가요?",
      toLogin: "로그인",
      formLabel: "이메일로 가입",
      agreement:
        "가입하면 <terms>이용약관</terms> 및 <privacy>개인정보처리방침</privacy>에 동의하는 것으로 간주됩니다.",
    },
    fields: {
      name: "이름",
      namePlaceholder: "홍길동",
      email: "이메일",
      emailPlaceholder: "you@example.com",
      password: "비밀번호",
      passwordPlaceholder: "비밀번호를 입력하세요",
      passwordHint: "{{min}}자 이상 입력하세요.",
      showPassword: "비밀번호 보기",
      hidePassword: "비밀번호 숨기기",
    },
    social: {
      google: "Google 계정으로 로그인",
      googleSignup: "Google 계정으로 가입",
      naver: "네이버 로그인",
      kakao: "카카오 로그인",
      naverSignup: "네이버로 시작하기",
      kakaoSignup: "카카오로 시작하기",
      googleSoon: "Google 로그인을 준비하고 있어요. 조금만 기다려 주세요!",
      groupLabel: "간편 로그인",
    },
    logout: {
      success: "로그아웃되었습니다.",
    },
  },
  errors: {
    generic: "문제가 발생했습니다. 잠시 후 다시 시도해 주세요.",
    withField: "{{field}}: {{reason}}",
    blockedWord:
      "‘{{word}}’은(는) 허용되지 않는 단어라 처리할 수 없습니다. 이 단어를 빼고 다시 시도해 주세요.",
    fieldNames: {
      name: "이름",
      email: "이메일",
      password: "비밀번호",
      title: "제목",
      content: "내용",
      files: "첨부 파일",
      image: "이미지",
      ageConfirmed: "나이 확인",
      confirmation: "확인 문구",
    },
    /** Why a field was refused (details.issues[].reason of a VALIDATION_ERROR), shown next to it. */
    validation: {
      required: "필수 입력 항목입니다.",
      blank: "공백만으로는 입력할 수 없습니다.",
      tooSmallText: "{{minimum}}자 이상 입력해 주세요.",
      tooBigText: "{{maximum}}자 이하로 입력해 주세요.",
      tooSmallNumber: "{{minimum}} 이상이어야 합니다.",
      tooBigNumber: "{{maximum}} 이하여야 합니다.",
      tooSmallItems: "{{minimum}}개 이상 필요합니다.",
      tooBigItems: "최대 {{maximum}}개까지 가능합니다.",
      invalidEmail: "이메일 주소 형식이 올바르지 않습니다.",
      invalidFormat: "형식이 올바르지 않습니다.",
      invalidType: "올바른 값을 입력해 주세요.",
      invalidValue: "허용되지 않는 값입니다.",
      notMultipleOf: "{{multipleOf}} 단위로 입력해 주세요.",
      unrecognizedKeys: "받을 수 없는 항목이 포함되어 있습니다.",
      controlChars: "보이지 않는 제어 문자는 사용할 수 없습니다.",
      notImage: "이미지 파일(JPEG, PNG, GIF, WebP)이 아닙니다. 파일 이름이 아니라 내용으로 확인합니다.",
      emptyContent: "안전하지 않은 코드를 지우고 나면 보여 줄 내용이 남지 않습니다.",
      invalid: "입력한 값을 다시 확인해 주세요.",
      fields: {
        ageConfirmed: "만 14세 이상인지 확인해 주세요.",
        token: "비밀번호 재설정 링크가 올바르지 않습니다. 새 링크를 요청해 주세요.",
      },
    },
    codes: {
      VALIDATION_ERROR: "입력한 내용을 다시 확인해 주세요.",
      INVALID_JSON: "요청 형식이 올바르지 않습니다.",
      UNSUPPORTED_MEDIA_TYPE: "지원하지 않는 형식입니다.",
      PAYLOAD_TOO_LARGE: "파일이 너무 큽니다.",
      REQUEST_TIMEOUT: "요청 전송이 너무 오래 걸려 중단되었습니다. 연결 상태를 확인하고 다시 시도해 주세요.",
      NOT_FOUND: "요청한 항목을 찾을 수 없습니다.",
      AUTH_REQUIRED: "로그인이 필요합니다.",
      SESSION_EXPIRED: "로그인이 만료되었습니다. 다시 로그인해주세요!",
      FORBIDDEN: "권한이 없습니다.",
      ORIGIN_MISMATCH: "보안 확인에 실패했습니다. 페이지를 새로고침해 주세요.",
      RATE_LIMITED: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
      EMAIL_TAKEN: "이미 가입된 이메일입니다.",
      INVALID_CREDENTIALS: "이메일 또는 비밀번호가 올바르지 않습니다.",
      INSUFFICIENT_CREDITS: "크레딧이 부족합니다.",
      PLAN_REQUIRED: "메이크업 보정은 Deluxe·Premium 요금제에 포함돼요.",
      MAINTENANCE: "서비스 점검 중입니다. 잠시 후 다시 시도해 주세요.",
      INTERNAL_ERROR: "서버에 문제가 생겼습니다. 잠시 후 다시 시도해 주세요.",
      LLM_NOT_CONFIGURED: "운영자가 아직 AI 언어 모델을 연결하지 않아 이 기능을 쓸 수 없습니다.",
      LLM_UNAVAILABLE:
        "AI 모델에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요. 차감된 크레딧은 환불됩니다.",
      LLM_TIMEOUT: "AI 모델의 답이 너무 늦어 중단했습니다. 다시 시도해 주세요. 차감된 크레딧은 환불됩니다.",
      LLM_RATE_LIMITED:
        "지금 AI 모델에 요청이 많습니다. 잠시 후 다시 시도해 주세요. 차감된 크레딧은 환불됩니다.",
      LLM_REJECTED:
        "AI 모델이 이 요청을 처리하지 않았습니다. 내용을 바꿔 다시 시도하거나 운영자에게 문의해 주세요. 차감된 크레딧은 환불됩니다.",
      LLM_EMPTY_REPLY: "AI 모델이 빈 답을 보냈습니다. 다시 시도해 주세요. 차감된 크레딧은 환불됩니다.",
      NSFW_PROMPT_BLOCKED: "허용되지 않는 단어가 들어 있어 처리할 수 없습니다.",
      LLM_NOT_A_PROMPT:
        "AI 모델이 프롬프트 대신 다른 답을 보냈습니다. 다시 시도해 주세요. 차감된 크레딧은 환불됩니다.",
      TEXT_NOT_UTF8:
        "글자가 깨진(UTF-8이 아닌) 텍스트는 받을 수 없습니다. 텍스트를 다시 입력하거나 붙여 넣어 주세요.",
      IMAGE_EMPTY: "비어 있는(0바이트) 이미지 파일입니다. 다른 파일을 선택해 주세요.",
      CHAT_MESSAGE_NOT_EDITABLE:
        "이 메시지는 다시 생성하거나 이어 받거나 수정할 수 없습니다. 마지막 답만 다시 생성하거나 이어 받을 수 있어요.",
      GENERATION_NOT_CONFIGURED:
        "이미지 생성을 사용할 수 없습니다. 운영자가 생성 서비스를 연결하지 않았습니다.",
      GENERATION_FAILED: "이미지 생성에 실패했습니다. 크레딧은 환불되었습니다. 다시 시도해 주세요.",
      GENERATION_CONTENT_REFUSED:
        "생성 서비스가 콘텐츠 정책에 따라 이 프롬프트나 이미지를 거부했습니다. 크레딧은 환불되었습니다.",
      GENERATION_BUSY:
        "생성 서비스에 요청이 많아 처리하지 못했습니다. 크레딧은 환불되었습니다. 잠시 후 다시 시도해 주세요.",
      GENERATION_PROVIDER_REFUSED:
        "생성 서비스가 이 서비스의 계정을 거부했습니다. 크레딧은 환불되었습니다. 운영자에게 알려 주세요.",
      GENERATION_INVALID_INPUT:
        "생성 서비스가 이 이미지나 설정을 사용할 수 없습니다. 크레딧은 환불되었습니다.",
      IMAGE_EDIT_NOT_CONFIGURED:
        "이미지 편집을 사용할 수 없습니다. 운영자가 이미지 편집 서비스를 연결하지 않았습니다.",
      IMAGE_RESOLUTION_TOO_LOW: "이미지 해상도가 너무 낮습니다. 960x960 픽셀 이상의 이미지를 사용해 주세요.",
      IMAGE_RATIO_OUT_OF_RANGE:
        "이미지의 가로세로 비율은 1:3에서 3:1 사이여야 합니다. 너무 길거나 높은 이미지는 잘라서 올려 주세요.",
      IMAGE_OUTPUT_TOO_SMALL:
        "결과 크기가 너무 작습니다. 이미지 편집 결과는 921,600픽셀(예: 1280x720) 이상이어야 합니다. 크기를 키워 주세요.",
      EDIT_OVERSIZE_IMAGE: "이미지가 10MB 이상이라 처리할 수 없습니다. 크레딧은 환불되었습니다.",
      EDIT_MASKED_IMAGE_TOO_LARGE:
        "마스크를 합성한 이미지가 JPEG 품질을 가장 낮춰도 9MB(9,437,184바이트)를 넘습니다. 더 작은 이미지를 사용해 주세요. 크레딧은 환불되었습니다.",
      EDIT_ASPECT_RATIO: "처리할 수 없는 이미지 비율입니다. 크레딧은 환불되었습니다.",
      EDIT_INVALID_PARAMETER:
        "이미지의 해상도나 형식에 문제가 있습니다(960x960 이상, JPG 또는 PNG). 크레딧은 환불되었습니다.",
      EDIT_SENSITIVE_CONTENT: "민감한 콘텐츠가 감지되어 처리되지 않았습니다. 크레딧은 환불되었습니다.",
      EDIT_PROVIDER_INTERNAL:
        "서비스에 일시적인 오류가 발생했습니다. 크레딧은 환불되었습니다. 잠시 후 다시 시도해 주세요.",
      EDIT_PROVIDER_TIMEOUT:
        "서비스 응답이 너무 늦어 처리하지 못했습니다. 크레딧은 환불되었습니다. 다시 시도하거나 히스토리를 새로고침해 주세요.",
      EDIT_FAILED: "서비스 오류로 생성에 실패했습니다. 크레딧은 환불되었습니다.",
      NETWORK_ERROR: "서버에 연결할 수 없습니다. 네트워크 연결을 확인해 주세요.",
      INVALID_RESPONSE: "서버 응답을 읽을 수 없습니다. 잠시 후 다시 시도해 주세요.",
      DEPENDENCY_UNAVAILABLE: "서비스 일부가 잠시 응답하지 않습니다. 잠시 후 다시 시도해 주세요.",
      MAIL_LINKS_NOT_CONFIGURED:
        "이 서버는 아직 이메일로 링크를 보낼 수 있도록 설정되지 않았습니다. 사이트 관리자에게 문의해 주세요.",
      CSRF_TOKEN_INVALID:
        "결제 양식이 만료되었거나 이 사이트에서 보낸 것이 아닙니다. 결제 화면을 새로고침한 뒤 다시 시도해 주세요.",
      METHOD_NOT_ALLOWED: "지원하지 않는 요청입니다.",
      INVALID_SIGNATURE: "결제 알림의 서명을 확인하지 못했습니다.",
      NO_SUBSCRIPTION: "이용 중인 구독이 없습니다.",
      ALREADY_SUBSCRIBED: "이미 구독 중입니다. 요금제 변경으로 진행해 주세요.",
      SAME_PLAN: "이미 이 요금제를 이용하고 있습니다.",
      NOT_CANCELLED: "해지가 예약된 구독이 없습니다.",
      PAYMENT_PROVIDER_ERROR: "결제 서비스에 연결하지 못했습니다. 잠시 후 다시 시도해 주세요.",
      NSFW_CONTENT_DETECTED:
        "노출이나 선정적인 내용이 있는 사진으로 보여 처리하지 않습니다. 일반 사진이라면 얼굴 전체와 어깨가 나오게 다시 잘라 올리거나, 흑백 사진이면 컬러 원본을 올리거나, 고객센터에 문의해 주세요.",
      INVALID_IMAGE: "이미지를 읽을 수 없습니다. 손상되지 않은 JPEG 또는 PNG 파일을 올려 주세요.",
      UNSUPPORTED_IMAGE_TYPE:
        "이 파일은 내용이 JPG나 PNG가 아니에요. 이름이 아니라 내용을 확인하므로, 이름만 .jpg로 바꾼 GIF는 여전히 GIF예요. JPG나 PNG로 저장해서 다시 올려 주세요.",
      JOB_CANCELLED: "작업을 취소했습니다. 사용한 크레딧은 환불되었습니다.",
      JOB_ALREADY_FINISHED: "이미 끝난 작업이라 취소할 수 없습니다.",
      IMAGE_TOO_LARGE: `이미지 해상도가 너무 큽니다. ${ENGINE_MAX_INPUT_MEGAPIXELS}메가픽셀 이하의 이미지를 올려 주세요.`,
      IMAGE_TOO_SMALL: `이미지가 너무 작습니다. 짧은 변이 ${ENGINE_MIN_SIDE_PX}픽셀 이상인 이미지를 올려 주세요.`,
      IMAGE_ASPECT_RATIO_UNSUPPORTED: `이미지가 너무 길쭉합니다. 긴 변이 짧은 변의 ${ENGINE_MAX_ASPECT_RATIO}배 이하인 이미지를 올려 주세요.`,
      SCALE_LIMIT_EXCEEDED: "확대한 이미지가 너무 커집니다. 더 작은 배율을 선택해 주세요.",
      CHECKSUM_MISMATCH: "업로드한 파일이 손상되었습니다. 다시 올려 주세요.",
      ENGINE_FAILED: "이미지를 처리하지 못했습니다. 사용한 크레딧은 돌려드렸습니다.",
      COMFYUI_VALIDATION_FAILED:
        "이미지 서버(ComfyUI)가 이 도구의 워크플로를 거부했습니다. 서버의 노드와 맞지 않습니다(다른 ComfyUI 버전이거나 커스텀 노드가 없음). 사용한 크레딧은 돌려드렸습니다. 사이트 운영자가 워크플로를 고쳐야 합니다.",
      COMFYUI_MODEL_MISSING:
        "이 도구에 필요한 모델 파일이 이미지 서버(ComfyUI)에 설치되어 있지 않습니다. 사용한 크레딧은 돌려드렸습니다. 사이트 운영자가 모델을 설치해야 합니다.",
      COMFYUI_OUT_OF_MEMORY:
        "이미지 서버의 GPU 메모리가 이 작업에 부족했습니다. 사용한 크레딧은 돌려드렸습니다. 더 작은 사진이나 더 적은 장수로 다시 시도해 주세요.",
      COMFYUI_TIMEOUT:
        "이미지 서버(ComfyUI)가 이 사이트가 한 작업에 허용하는 시간 안에 끝내지 못했습니다. 사용한 크레딧은 돌려드렸습니다. 다시 시도해 주세요.",
      COMFYUI_UNAVAILABLE:
        "이미지 서버(ComfyUI)에 연결할 수 없습니다. 사용한 크레딧은 돌려드렸습니다. 잠시 후 다시 시도해 주세요.",
      COMFYUI_EXECUTION_FAILED:
        "이미지 서버(ComfyUI)가 사진을 만드는 중 오류로 멈췄습니다. 사용한 크레딧은 돌려드렸습니다. 다시 시도해 주세요.",
      COMFYUI_NO_OUTPUT:
        "이미지 서버(ComfyUI)가 사진을 저장하지 않고 작업을 마쳤습니다. 사용한 크레딧은 돌려드렸습니다. 사이트 운영자가 워크플로의 출력을 확인해야 합니다.",
      COMFYUI_INPUT_TOO_LARGE:
        "사진이 너무 커서 이미지 서버로 보낼 수 없었습니다(RunPod는 작업당 최대 10MB까지 받습니다). 사용한 크레딧은 돌려드렸습니다. 더 적거나 작은 사진으로 다시 시도해 주세요.",
      JOB_ABANDONED: "작업이 여러 번 중단되어 취소했습니다. 사용한 크레딧은 돌려드렸습니다.",
      PROVIDER_UNAVAILABLE: "이미지 처리 서버에 연결하지 못했습니다. 사용한 크레딧은 돌려드렸습니다.",
      PROVIDER_ERROR: "이미지 처리 서버에서 오류가 발생했습니다. 사용한 크레딧은 돌려드렸습니다.",
      PROVIDER_TIMEOUT: "이미지 처리 시간이 초과되었습니다. 사용한 크레딧은 돌려드렸습니다.",
      FACE_EDIT_FAILED: "AI 처리에 실패했습니다. 다시 시도해 주세요. 사용한 크레딧은 돌려드렸습니다.",
      TIMEOUT: "처리 시간이 초과되었습니다. 다시 시도해 주세요.",
      MASK_REQUIRED: "변경할 영역을 그려 주세요!",
      NOT_A_MASK:
        "보낸 마스크가 마스크가 아니라 사진입니다. 마스크 편집기에서 변경할 영역을 그려 다시 저장해 주세요.",
      MASK_RATIO_MISMATCH:
        "마스크의 가로세로 비율이 사진과 다릅니다(차이는 최대 2%까지 허용). 이 사진 위에 마스크를 다시 그려 주세요.",
      MODEL_MISSING: "이미지 처리 모델을 불러오지 못했습니다. 사용한 크레딧은 돌려드렸습니다.",
      INVALID_ARGUMENT: "처리 설정이 올바르지 않습니다. 사용한 크레딧은 돌려드렸습니다.",
      INVALID_INPUT: "작업 요청이 올바르지 않습니다. 사용한 크레딧은 돌려드렸습니다.",
      UNKNOWN_TOOL: "지원하지 않는 작업입니다. 사용한 크레딧은 돌려드렸습니다.",
      INVALID_GOOGLE_TOKEN: "Google 로그인 정보를 확인하지 못했습니다. 다시 시도해 주세요.",
      PROVIDER_NOT_CONFIGURED: "이 서버에는 해당 간편 로그인이 설정되어 있지 않습니다.",
      AGE_CONFIRMATION_REQUIRED: "가입하려면 만 14세 이상인지 확인해 주세요.",
      SIGNIN_EXPIRED: "로그인 시간이 지났습니다. 처음부터 다시 시도해 주세요.",
      ACCOUNT_LINK_REQUIRES_SIGNIN:
        "이 이메일로 가입된 계정이 이미 있습니다. 먼저 이메일과 비밀번호로 로그인해 주세요.",
      ACCOUNT_PENDING_DELETION: "삭제 예정인 계정입니다. 로그인하면 계정을 복구할 수 있습니다.",
      CONFIRMATION_MISMATCH: "비밀번호 또는 확인 문구가 올바르지 않습니다.",
      SUBSCRIPTION_ACTIVE: "구독을 먼저 해지한 뒤 계정을 삭제해 주세요.",
      INVALID_RESET_TOKEN:
        "비밀번호 재설정 링크가 만료되었거나 이미 사용되었습니다. 새 링크를 요청해 주세요.",
      SERVICE_UNAVAILABLE: "서비스를 일시적으로 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.",
      REQUEST_FAILED: "요청을 처리하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    },
  },
  landing: {
    hero: {
      eyebrow: "AI 인물 보정 · 업스케일",
      title: "피부결은 그대로,",
      titleAccent: "보정은 자연스럽게",
      description:
        "모공과 잔결은 살리고 잡티와 톤만 정돈합니다. 입술·눈썹·눈은 그대로 지키면서 고해상도로 업스케일하세요.",
      start: "지금 시작하기",
      pricing: "요금제 보기",
      highlights: {
        texture: "모공·잔결 보존",
        features: "이목구비 보호",
        upscale: "최대 2배 업스케일",
      },
    },
    compare: {
      label: "보정 전후 비교",
      before: "보정 전",
      after: "보정 후",
      pickerLabel: "샘플 선택",
      hint: "핸들을 좌우로 움직여 비교해 보세요",
      placeholder: "샘플 이미지 준비 중",
      credit:
        "샘플 사진: 퍼블릭 도메인 공식 초상(그레이스 멩·마틴 하인리히 미국 의원, 아일린 콜린스 NASA 우주비행사). 결의 내장 엔진으로 보정하고 2배 업스케일했어요.",
      zoom: "피부 확대",
      samples: {
        korean_basic: "동양 여성 · 베이직",
        korean_makeup: "동양 여성 · 메이크업",
        foreigner_man: "서양 남성 · 베이직",
        western_girl_makeup: "서양 여성 · 메이크업",
      },
    },
    realism: {
      eyebrow: "피부 리얼리즘",
      title: "보정한 티 없이, 진짜 피부처럼",
      description:
        "결은 피부를 지우지 않습니다. 눈이 ‘진짜’라고 느끼는 디테일은 남기고, 거슬리는 것만 덜어냅니다.",
      features: {
        pores: {
          title: "모공과 피부결 보존",
          text: "매끈하게 뭉개지 않고 모공, 잔주름, 솜털의 질감을 그대로 남깁니다.",
        },
        protect: {
          title: "입술·눈썹·눈 보호",
          text: "이목구비는 보정 영역에서 제외해 인상이 달라지지 않습니다.",
        },
        tone: {
          title: "자연스러운 피부 톤",
          text: "붉은기와 잡티만 정돈하고 본래의 피부색과 혈색은 살립니다.",
        },
        upscale: {
          title: "고해상도 업스케일",
          text: "보정과 동시에 최대 2배까지 선명하게 키워 인쇄물과 상세 페이지에도 충분합니다.",
        },
      },
    },
    plans: {
      eyebrow: "요금제",
      title: "필요한 만큼, 합리적으로",
      description: "매달 크레딧이 충전됩니다. 언제든 업그레이드하거나 해지할 수 있어요.",
      perMonth: "/월",
      credits: "매월 {{value}} 크레딧",
      popular: "가장 인기",
      cta: "{{plan}} 요금제 자세히 보기",
      allPlans: "모든 요금제 비교하기",
      taglines: {
        basic: "처음 시작하는 분께",
        deluxe: "꾸준히 작업하는 크리에이터에게",
        premium: "모든 기능을 가장 넉넉하게",
      },
    },
    closing: {
      title: "당신의 사진, 피부결까지 선명하게",
      description: "가입하고 바로 첫 보정을 시작해 보세요. 결과가 마음에 들 때까지 다시 시도할 수 있어요.",
      start: "지금 시작하기",
      signup: "계정 만들기",
    },
  },
  /** Feature strings kept beside their features (features/notices, features/legal). */
  notices: noticesKo,
  legal: legalKo,
  pricing: pricingKo,
  payment: paymentKo,
  mypage: mypageKo,
  retouch: retouchKo,
  faceEdit: faceEditKo,
  imageEdit: imageEditKo,
  maskEditor: maskEditorKo,
  chat: chatKo,
  generation: generationKo,
  tool: toolKo,
  signin: signinKo,
  account: accountKo,
  // Issue 26 (drafts, limits named before the click, errors titled by what failed): one block.
  drafts: {
    restored: "작성하던 내용을 다시 불러왔어요.",
  },
  toolLimits: {
    errorTitles: {
      upload: "업로드 실패",
      run: "실행 실패",
      download: "다운로드 실패",
    },
    titled: "{{title}} — {{reason}}",
    creditsShort: "크레딧이 부족해요. {{cost}} 크레딧이 필요하고 지금 {{credits}} 크레딧이 있어요.",
    topUp: "크레딧 충전하기",
    retouchMaxScale:
      "이 사진은 {{max}}배까지 키울 수 있어요. 결과의 가로+세로가 {{limit}}px 이상이면 처리할 수 없어요.",
    editTileRatio:
      "이 이미지는 {{width}}×{{height}}예요. 이미지 편집은 가로세로 비율이 {{min}}에서 {{max}} 사이인 이미지만 받아요. 잘라서 다시 추가해 주세요.",
    editTileRatioHint: "{{index}}번 이미지의 비율이 {{min}}~{{max}}를 벗어나요",
    editOutputTooSmall:
      "결과 크기 {{width}}×{{height}}는 {{pixels}}픽셀이에요. 이미지 편집 결과는 {{minPixels}}픽셀 이상이어야 해요. 크기를 키워 주세요.",
    editOutputTooSmallHint: "결과는 {{minPixels}}픽셀 이상이어야 해요",
    payloadTooLarge: "파일이 너무 커요. {{mb}}MB 이하 파일만 올릴 수 있어요.",
    editTooLarge: "이 파일은 {{size}}MB예요. 이미지 편집은 {{maxMb}}MB 이하 파일만 받아요.",
    editInvalidType: "jpg, png 파일만 올릴 수 있어요. 이 파일은 {{type}} 형식이에요.",
  },
  toolFlow: {
    editAgain: "이 결과로 다시 편집",
    editAgainAdded: "결과를 다음 편집의 입력 이미지로 넣었어요.",
    runAgain: "다시 실행",
    runAgainLabel: "다시 실행: {{date}} 기록의 프롬프트와 설정 불러오기",
    runAgainLoaded: "기록의 프롬프트와 설정, 입력 이미지를 불러왔어요. 생성하기를 누르면 다시 만들어요.",
    runAgainImagesGone: "입력 이미지 {{count}}장은 보관 기간(30일)이 지나 삭제돼 불러오지 못했어요.",
    editAgainReference: "결과를 다음 생성의 참조 이미지로 넣었어요.",
  },
  billing: {
    scheduledDowngrade: {
      text: "{{date}}부터 요금제가 {{from}}에서 {{to}}(으)로 바뀝니다. 그때까지는 {{from}} 혜택이 유지돼요.",
      textNoDate: "다음 결제일부터 요금제가 {{from}}에서 {{to}}(으)로 바뀝니다.",
      keep: "{{plan}} 유지하기",
      kept: "{{plan}} 요금제를 계속 이용합니다.",
      keepFailed: "요금제를 유지하지 못했습니다: {{reason}}",
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
      aiUpscaling: "AI 업스케일링",
      skinBasic: "피부 보정 (기본)",
      highRes: "고해상도 변환",
      realtime: "실시간 처리",
      skinMakeup: "피부 보정 (메이크업)",
      unlimitedUpload: "무제한 업로드",
      betaFeatures: "베타 기능 무료 이용",
    },
  },
};

type TTranslationTree<T> = { [K in keyof T]: T[K] extends string ? string : TTranslationTree<T[K]> };
export type TTranslations = TTranslationTree<typeof ko>;
