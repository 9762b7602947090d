import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Korean. */
export const ko: CliTexts = {
  // every command
  unknownLanguage: "지원하지 않는 인터페이스 언어: {lang}. 사용 가능: {languages}",
  unknownCommand: "알 수 없는 명령: {name}",
  unexpectedArgument: "예상하지 못한 인수: {argument}",
  unexpectedFailure: "예상하지 못한 오류: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "요금제: {plan}",
  accountPointsLine: "포인트: {points}",
  accountExpiryLine: "VIP 만료일: {date}",
  accountRemainingLine: "남은 일수: {days}",
  accountHostedLine: "호스팅 중인 책: {count}권 (비활성 {suspended})",
  accountBuyLine: "갱신, 포인트 또는 VIP 구매: {url}",
  accountLedgerTitle: "거래 내역:",
  accountReceiptLink: "영수증: {url}",
  accountPlanFree: "무료",
  accountPlanPoints: "포인트",
  accountPlanVipMonthly: "VIP 월간",
  accountPlanVipAnnual: "VIP 연간",
  accountAutoRenew: "자동 갱신",
  accountPastDue: "갱신 실패: 결제 수단을 업데이트하지 않으면 VIP 종료 24시간 후 책이 비활성화됩니다",
  accountLedgerEmpty: "아직 없습니다",
  accountKindFreePoints: "무료 포인트",
  accountKindPurchasePoints: "포인트 구매",
  accountKindPurchaseVip: "VIP 구매",
  accountKindRenewVip: "VIP 갱신",
  accountKindRefund: "환불",
  accountKindChargeback: "지불 거절",
  accountKindHostingCharge: "호스팅 차감",
  accountKindRenewalFailed: "갱신 실패",
  accountKindSubscriptionEnded: "구독 종료",
  accountKindSetPlan: "지원팀 변경",
};
