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
  pageAudioUsage:
    "사용법: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "--tts, --mp3, --clear 중 하나만 선택하세요",
  pageAudioBadPage: "{page} 페이지는 이 프로젝트의 페이지가 아닙니다(1–{count})",
  pageAudioTextRequired: "읽을 텍스트를 입력하세요",
  pageAudioTextTooLong: "텍스트는 최대 {max}자입니다",
  pageAudioBadVoice: "음성은 {voices} 중 하나여야 합니다",
  pageAudioBadSpeed: "속도는 분당 {min}~{max} 단어여야 합니다",
  pageAudioBadCaption: "자막은 off, top, bottom 중 하나여야 합니다",
  pageAudioBadPause: "일시 정지는 0~{max}초여야 합니다",
  pageAudioBadSwitch: "{option}은(는) on 또는 off여야 합니다",
  pageAudioNotMp3: "{file}은(는) MP3 파일이 아닙니다",
  pageAudioTooLarge: "{file}이(가) {max}보다 큽니다",
  pageAudioNoSpeech:
    "텍스트를 읽으려면 espeak-ng와 lame(또는 ffmpeg)이 필요합니다: 설치하세요(Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "음성을 생성하지 못했습니다: {reason}",
  pageAudioSet: "{page} 페이지: 오디오를 저장했습니다({file})",
  pageAudioCleared: "{count}개 페이지의 오디오를 지웠습니다",
  pageAudioPlaySaved: "재생 설정을 저장했습니다",
  pageAudioNone: "오디오가 있는 페이지가 없습니다",
  pageAudioLine: "{page} 페이지: {file}, {text}",
  pageAudioPlayLine:
    "오디오 후 넘기기: {autoFlip}; 일시 정지 {pause}초; 오디오 없는 페이지에서 일시 정지: {pauseWithoutAudio}",

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
