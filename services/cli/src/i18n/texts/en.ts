import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in English. */
export const en: CliTexts = {
  // every command
  unknownLanguage: "Unsupported interface language: {lang}. Available: {languages}",
  unknownCommand: "unknown command: {name}",
  unexpectedArgument: "unexpected argument: {argument}",
  unexpectedFailure: "unexpected failure: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} is not installed: install the Debian package {package} (scripts/setup.sh does)",
  nativeToolFailed: "{tool} failed: {detail}",
  nativePublishFailed: "Publish {format} failed: {detail}",
  nativeWindowMode: "--window must be maximized, fullscreen or custom (not {mode})",
  nativeWindowSize: "--window custom needs --width and --height, whole pixels from 200 to 10000",
  nativeSmaliMissing: "the dex assembler smali is not in {dir}: run scripts/install-smali.sh",
  nativePublished: "published: {file} ({size} bytes)",
  apkNameRequired: "The name is required",
  apkIdFormat: "Application ID format error",
  apkIdChanged: "Application ID format error: an update must keep the application ID {id}",
  apkVersionNumber: "The version number must be a positive whole number",
  apkVersionNotNext: "The version number must rise by 1 from the last one ({last}): {expected}",
  apkVersionNameRequired: "The version name is required (e.g. 1.0, 2.1)",
  apkSignatureRequired:
    "An APK must be signed: --signature NAME and --signature-password PASSWORD (turnleaf signature list shows yours)",
  signatureOrPassword: "Signature or password error",
  signatureLogin: "Signatures are kept in your account: run turnleaf login first",
  signatureUsage:
    "usage: turnleaf signature create --name N --validity YEARS [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "The signature name is required",
  signatureValidity: "The validity must be a whole number of years from 1 to 100",
  signaturePasswordPrompt: "Signature password: ",
  signatureConfirmPrompt: "Confirm the password: ",
  signaturePasswordShort: "Must contain no less than 6 characters!",
  signaturePasswordMismatch: "The two passwords do not match",
  signatureCountryCode: "The country code must be two letters, such as CN",
  signatureCreated: "signature created: {name}, valid until {validUntil}",
  signatureNone: "no signatures yet: create one with turnleaf signature create",
  signatureOptionNeeded: "{option} is required (it is asked only on a terminal)",

  // page audio (#37)
  pageAudioUsage:
    "usage: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "choose one of --tts, --mp3 or --clear",
  pageAudioBadPage: "page {page} is not a page of this project (1–{count})",
  pageAudioTextRequired: "please enter the text to speak",
  pageAudioTextTooLong: "the text is at most {max} characters",
  pageAudioBadVoice: "the voice must be one of {voices}",
  pageAudioBadSpeed: "the speed must be {min} to {max} words a minute",
  pageAudioBadCaption: "the caption must be off, top or bottom",
  pageAudioBadPause: "the pause must be 0 to {max} seconds",
  pageAudioBadSwitch: "{option} must be on or off",
  pageAudioNotMp3: "{file} is not an MP3 file",
  pageAudioTooLarge: "{file} is larger than {max}",
  pageAudioNoSpeech:
    "speaking text needs espeak-ng and lame (or ffmpeg): install them (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "the speech could not be generated: {reason}",
  pageAudioSet: "page {page}: audio saved ({file})",
  pageAudioCleared: "audio cleared from {count} pages",
  pageAudioPlaySaved: "play settings saved",
  pageAudioNone: "no page has audio",
  pageAudioLine: "page {page}: {file}, {text}",
  pageAudioPlayLine:
    "turn after the audio: {autoFlip}; pause {pause} s; pause on pages without audio: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "Plan: {plan}",
  accountPointsLine: "Points: {points}",
  accountExpiryLine: "VIP expires: {date}",
  accountRemainingLine: "Days left: {days}",
  accountHostedLine: "Hosted books: {count} ({suspended} disabled)",
  accountBuyLine: "Renew, buy points or VIP: {url}",
  accountLedgerTitle: "Ledger:",
  accountReceiptLink: "receipt: {url}",
  accountPlanFree: "Free",
  accountPlanPoints: "Points",
  accountPlanVipMonthly: "VIP monthly",
  accountPlanVipAnnual: "VIP yearly",
  accountAutoRenew: "Renews automatically",
  accountPastDue:
    "Renewal failed: update your payment method, or your books are disabled 24 hours after the VIP plan ended",
  accountLedgerEmpty: "Nothing yet",
  accountKindFreePoints: "Free points",
  accountKindPurchasePoints: "Points bought",
  accountKindPurchaseVip: "VIP bought",
  accountKindRenewVip: "VIP renewed",
  accountKindRefund: "Refund",
  accountKindChargeback: "Chargeback",
  accountKindHostingCharge: "Hosting",
  accountKindRenewalFailed: "Renewal failed",
  accountKindSubscriptionEnded: "Subscription ended",
  accountKindSetPlan: "Set by support",
};
