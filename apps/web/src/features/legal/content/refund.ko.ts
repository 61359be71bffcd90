import {
  MONTHLY_PLAN_CREDITS,
  OUTAGE_COMPENSATION_HOURS,
  REFUND_DEPOSIT_DAYS,
  REFUND_HANDLING_BUSINESS_DAYS,
  REFUND_WINDOW_DAYS,
  RENEWAL_REMINDER_DAYS,
  SERVICE_START_DELAY_HOURS,
  TERMS_EFFECTIVE_DATE,
  UPSCALE_CREDITS_RANGE,
} from "@gyeol/shared/policy";
import {
  article,
  CONTACT_FIELDS,
  formatCount,
  formatLegalDate,
  type LegalDocument,
  type LegalSettings,
  ol,
  operatorBlock,
  p,
  table,
} from "./legal-document.ts";
import { oneTimeValidityKo } from "./terms.ko.ts";

const n = (value: number) => formatCount(value, "ko");

/** 환불 정책 (spec 01 §9 Refund policy; 이용약관 제9조의 세부 기준). */
export function refundKo(s: LegalSettings): LegalDocument {
  const effective = formatLegalDate(TERMS_EFFECTIVE_DATE, "ko");
  return {
    title: "환불 정책",
    lead: `이 정책은 ${s.operatorName}(이하 "회사")가 제공하는 결(Gyeol)의 구독과 크레딧 팩에 대한 청약철회와 환불 기준을 정하며, 이용약관의 일부를 이룹니다.`,
    articles: [
      article(
        1,
        "제1조 (적용 범위)",
        p(
          "이 정책은 월 구독(Basic, Deluxe, Premium)과 크레딧 팩 구매에 적용됩니다. 이 정책에 없는 사항은 이용약관과 「전자상거래 등에서의 소비자보호에 관한 법률」 등 관련 법령을 따릅니다.",
        ),
      ),
      article(
        2,
        "제2조 (청약철회)",
        ol(
          `결제일부터 ${REFUND_WINDOW_DAYS}일 이내에 크레딧을 전혀 사용하지 않았다면 청약을 철회하고 결제 금액 전액을 환불받을 수 있습니다.`,
          "크레딧을 한 번이라도 사용하면 디지털 콘텐츠의 제공이 시작된 것으로 보아 청약철회와 환불이 제한됩니다. 회사는 결제 화면에서 이를 미리 알립니다.",
          "구독 갱신 결제도 같은 기준을 따릅니다. 갱신일부터 7일 이내에 갱신으로 받은 크레딧을 쓰지 않았다면 해당 갱신 결제를 환불받을 수 있습니다.",
        ),
      ),
      article(
        3,
        "제3조 (구독의 해지와 크레딧)",
        ol(
          "구독은 마이페이지에서 언제든지 해지할 수 있습니다. 해지해도 이미 결제한 기간이 끝날 때까지는 요금제 혜택이 유지되며, 다음 갱신일부터 결제되지 않습니다.",
          `구독 크레딧(월 Basic ${n(MONTHLY_PLAN_CREDITS.basic)}, Deluxe ${n(MONTHLY_PLAN_CREDITS.deluxe)}, Premium ${n(MONTHLY_PLAN_CREDITS.premium)} 크레딧)은 구독이 끝나면 소멸하고 갱신 시 다시 충전됩니다. 이미 시작된 구독 기간의 일할 환불은 하지 않습니다.`,
          `${oneTimeValidityKo()} 구독을 해지해도 일회성 크레딧은 그대로 남습니다.`,
          `회사는 갱신일 ${RENEWAL_REMINDER_DAYS.map((d) => `${d}일`).join(", ")} 전에 이메일로 갱신 예정 사실을 알리므로, 원하지 않으면 그 전에 해지해 주세요.`,
        ),
      ),
      article(
        4,
        "제4조 (크레딧 사용량)",
        p(
          `기능별로 차감되는 크레딧은 각 도구 화면에 표시됩니다. 예를 들어 이미지 업스케일 1회에는 이미지 크기에 따라 약 ${UPSCALE_CREDITS_RANGE.min}~${UPSCALE_CREDITS_RANGE.max}크레딧 이상이 사용됩니다.`,
        ),
        p(
          "작업이 실패하면 해당 작업에 차감된 크레딧은 자동으로 한 번 환급되며, 이 경우 별도로 환불을 신청할 필요가 없습니다.",
        ),
      ),
      article(
        5,
        "제5조 (환불 절차와 기간)",
        ol(
          `환불은 고객지원 이메일(제8조의 연락처)로 가입 이메일, 결제 일시, 환불 사유를 적어 신청합니다.`,
          `회사는 신청을 받은 날부터 ${REFUND_HANDLING_BUSINESS_DAYS}영업일 이내에 환불 여부를 처리하고 결과를 이메일로 알립니다.`,
          `환불 금액은 원래 결제수단으로 돌려드리며, 카드사·결제수단에 따라 승인 후 ${REFUND_DEPOSIT_DAYS.min}~${REFUND_DEPOSIT_DAYS.max}일 이내에 입금 또는 결제 취소됩니다.`,
          "결제는 결제대행사를 통해 이루어지므로 환불도 결제대행사를 통해 처리되며, 환율 변동이나 해외 결제 수수료는 카드사 정책을 따릅니다.",
        ),
        table(
          "환불 기준 요약",
          ["상황", "환불"],
          [
            [`결제 후 ${REFUND_WINDOW_DAYS}일 이내, 크레딧 미사용`, "전액 환불"],
            ["크레딧을 일부라도 사용", "환불 불가(법령상 예외 제외)"],
            ["작업 실패", "차감 크레딧 자동 환급"],
            [`회사 귀책 장애 ${OUTAGE_COMPENSATION_HOURS}시간 이상`, "현금 환불 또는 크레딧 보상 중 선택"],
          ],
        ),
      ),
      article(
        6,
        "제6조 (서비스 장애 보상)",
        ol(
          `회사의 귀책으로 서비스가 연속하여 ${OUTAGE_COMPENSATION_HOURS}시간 이상 중단되면, 이용자는 중단된 기간에 해당하는 금액의 현금 환불 또는 그에 상응하는 크레딧 보상 중 하나를 선택할 수 있습니다.`,
          `결제 확인 지연이나 시스템 장애로 유료 서비스 제공이 결제 후 최대 ${SERVICE_START_DELAY_HOURS}시간까지 늦어지는 것은 장애 보상 대상에 포함되지 않습니다. 다만 그 시간을 넘기면 위 보상 기준을 따릅니다.`,
        ),
      ),
      article(
        7,
        "제7조 (미성년자의 결제)",
        p(
          "만 19세 미만의 미성년자가 법정대리인의 동의 없이 결제한 경우 본인 또는 법정대리인이 결제를 취소하고 환불받을 수 있습니다.",
        ),
      ),
      article(
        8,
        "제8조 (문의)",
        p(
          "환불과 결제 문의는 아래 연락처로 받습니다. 상담 시간 외에 접수된 문의는 다음 영업일에 순서대로 답변합니다.",
        ),
        operatorBlock("contactHeading", CONTACT_FIELDS),
      ),
    ],
    addendum: `이 환불 정책은 ${effective}부터 시행합니다.`,
  };
}
