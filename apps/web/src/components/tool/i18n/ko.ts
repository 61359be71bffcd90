/**
 * The tool platform's strings (`tool.*`): what every image tool says the same way — sign-in,
 * uploads, the run button, result states, history, downloads and share links.
 */
export const toolKo = {
  loginRequired: "로그인이 필요해요.",
  downloadFailed: "다운로드에 실패했어요.",
  copyFailed: "링크를 복사하지 못했어요.",
  upload: {
    drop: "사진을 끌어다 놓거나 클릭해서 선택하세요",
    dropActive: "여기에 놓으면 바로 올라가요",
    choose: "사진 선택",
    preparing: "사진을 준비하는 중…",
    uploading: "업로드 중… {{percent}}%",
    failed: "사진을 올리지 못했어요. 다시 시도해 주세요.",
    resizeFailed: "사진 크기를 조정하지 못했어요. 다른 사진으로 시도해 주세요.",
  },
  run: {
    cost: "{{cost}} 크레딧",
    held: "보유 {{credits}}",
    needImage: "먼저 사진을 올려 주세요",
    notEnough: "크레딧이 부족해요",
    working: "처리 중…",
  },
  result: {
    loading: "잠시만 기다려 주세요…",
    queue: "대기 {{position}}번째",
    running: "지금 처리 중",
    eta: "약 {{seconds}}초 남음",
    etaMinutes: "약 {{minutes}}분 남음",
    etaOverdue: "예상보다 조금 더 걸리고 있어요",
    cancel: "작업 취소 (크레딧 환불)",
    doNotRefresh: "새로고침하거나 창을 닫지 마세요",
    resumed: "진행 중이던 작업을 이어서 확인하고 있어요",
    cancelledTitle: "작업을 취소했어요",
    failedTitle: "처리에 실패했어요",
    tryAgain: "다시 시도",
  },
  share: {
    title: "공유 링크를 복사했어요",
    body: "이 링크로 들어온 사람이 결제하면 결제한 크레딧의 절반을 보상으로 받아요.",
    ok: "확인",
  },
  history: {
    empty: "아직 이미지가 없습니다.",
    loadMore: "더 보기",
    processing: "처리 중",
    failed: "실패",
    cancelled: "취소됨",
    open: "{{date}} 결과 열기",
    loadFailed: "기록을 불러오지 못했어요.",
  },
  toast: {
    insufficient: "크레딧이 부족해요. 충전 후 다시 시도해 주세요.",
    topUp: "충전하기",
    maintenance: "서비스 점검 중이에요. 잠시 후 다시 시도해 주세요.",
    nsfw: "부적절한 콘텐츠가 감지되었어요. 서비스 정책에 따라 처리할 수 없어요.",
  },
};
