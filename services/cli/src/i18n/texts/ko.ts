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
  nativeToolMissing:
    "{tool}이(가) 설치되어 있지 않습니다: Debian 패키지 {package}을(를) 설치하세요 (scripts/setup.sh가 설치합니다)",
  nativeToolFailed: "{tool} 실패: {detail}",
  nativePublishFailed: "{format} 게시 실패: {detail}",
  nativeWindowMode: "--window는 maximized, fullscreen 또는 custom이어야 합니다 ({mode} 불가)",
  nativeWindowSize: "--window custom에는 200~10000 사이의 정수 픽셀로 --width와 --height가 필요합니다",
  nativeSmaliMissing: "dex 어셈블러 smali가 {dir}에 없습니다: scripts/install-smali.sh를 실행하세요",
  nativePublished: "게시됨: {file} ({size}바이트)",
  apkNameRequired: "이름을 입력하세요",
  apkIdFormat: "애플리케이션 ID 형식 오류",
  apkIdChanged: "애플리케이션 ID 형식 오류: 업데이트 시 애플리케이션 ID {id}을(를) 유지해야 합니다",
  apkVersionNumber: "버전 번호는 양의 정수여야 합니다",
  apkVersionNotNext: "버전 번호는 이전 번호({last})보다 1 커야 합니다: {expected}",
  apkVersionNameRequired: "버전 이름을 입력하세요 (예: 1.0, 2.1)",
  apkSignatureRequired:
    "APK에는 서명이 필요합니다: --signature 이름 및 --signature-password 비밀번호 (turnleaf signature list로 확인)",
  signatureOrPassword: "서명 또는 비밀번호 오류",
  signatureLogin: "서명은 계정에 보관됩니다: 먼저 turnleaf login을 실행하세요",
  signatureUsage:
    "사용법: turnleaf signature create --name N --validity 년 [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "서명 이름을 입력하세요",
  signatureValidity: "유효 기간은 1~100년 사이의 정수여야 합니다",
  signaturePasswordPrompt: "서명 비밀번호: ",
  signatureConfirmPrompt: "비밀번호 확인: ",
  signaturePasswordShort: "6자 이상이어야 합니다!",
  signaturePasswordMismatch: "두 비밀번호가 일치하지 않습니다",
  signatureCountryCode: "국가 코드는 CN처럼 두 글자여야 합니다",
  signatureCreated: "서명을 만들었습니다: {name}, {validUntil}까지 유효",
  signatureNone: "서명이 없습니다: turnleaf signature create로 만드세요",
  signatureOptionNeeded: "{option}이(가) 필요합니다 (터미널에서만 묻습니다)",

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
