import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Hindi. */
export const hi: CliTexts = {
  // every command
  unknownLanguage: "असमर्थित इंटरफ़ेस भाषा: {lang}। उपलब्ध: {languages}",
  unknownCommand: "अज्ञात कमांड: {name}",
  unexpectedArgument: "अनपेक्षित तर्क: {argument}",
  unexpectedFailure: "अनपेक्षित विफलता: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} इंस्टॉल नहीं है: Debian पैकेज {package} इंस्टॉल करें (scripts/setup.sh करता है)",
  nativeToolFailed: "{tool} विफल: {detail}",
  nativePublishFailed: "{format} प्रकाशित करना विफल: {detail}",
  nativeWindowMode: "--window maximized, fullscreen या custom होना चाहिए ({mode} नहीं)",
  nativeWindowSize: "--window custom के लिए --width और --height चाहिए, 200 से 10000 तक पूरे पिक्सेल",
  nativeSmaliMissing: "dex असेंबलर smali {dir} में नहीं है: scripts/install-smali.sh चलाएँ",
  nativePublished: "प्रकाशित: {file} ({size} बाइट)",
  apkNameRequired: "नाम आवश्यक है",
  apkIdFormat: "एप्लिकेशन ID प्रारूप त्रुटि",
  apkIdChanged: "एप्लिकेशन ID प्रारूप त्रुटि: अपडेट में एप्लिकेशन ID {id} ही रहना चाहिए",
  apkVersionNumber: "संस्करण संख्या एक धनात्मक पूर्ण संख्या होनी चाहिए",
  apkVersionNotNext: "संस्करण संख्या पिछली ({last}) से 1 अधिक होनी चाहिए: {expected}",
  apkVersionNameRequired: "संस्करण नाम आवश्यक है (जैसे 1.0, 2.1)",
  apkSignatureRequired:
    "APK पर हस्ताक्षर आवश्यक है: --signature नाम और --signature-password पासवर्ड (turnleaf signature list आपके हस्ताक्षर दिखाता है)",
  signatureOrPassword: "हस्ताक्षर या पासवर्ड त्रुटि",
  signatureLogin: "हस्ताक्षर आपके खाते में रखे जाते हैं: पहले turnleaf login चलाएँ",
  signatureUsage:
    "उपयोग: turnleaf signature create --name N --validity वर्ष [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "हस्ताक्षर का नाम आवश्यक है",
  signatureValidity: "वैधता 1 से 100 तक पूरे वर्षों में होनी चाहिए",
  signaturePasswordPrompt: "हस्ताक्षर पासवर्ड: ",
  signatureConfirmPrompt: "पासवर्ड की पुष्टि करें: ",
  signaturePasswordShort: "कम से कम 6 अक्षर होने चाहिए!",
  signaturePasswordMismatch: "दोनों पासवर्ड मेल नहीं खाते",
  signatureCountryCode: "देश कोड दो अक्षरों का होना चाहिए, जैसे CN",
  signatureCreated: "हस्ताक्षर बनाया गया: {name}, {validUntil} तक मान्य",
  signatureNone: "अभी कोई हस्ताक्षर नहीं: turnleaf signature create से बनाएँ",
  signatureOptionNeeded: "{option} आवश्यक है (यह केवल टर्मिनल पर पूछा जाता है)",

  // page audio (#37)
  pageAudioUsage:
    "उपयोग: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "--tts, --mp3 या --clear में से एक चुनें",
  pageAudioBadPage: "पृष्ठ {page} इस प्रोजेक्ट का पृष्ठ नहीं है (1–{count})",
  pageAudioTextRequired: "कृपया बोलने के लिए पाठ दर्ज करें",
  pageAudioTextTooLong: "पाठ अधिकतम {max} वर्णों का हो सकता है",
  pageAudioBadVoice: "आवाज़ {voices} में से एक होनी चाहिए",
  pageAudioBadSpeed: "गति {min} से {max} शब्द प्रति मिनट होनी चाहिए",
  pageAudioBadCaption: "कैप्शन off, top या bottom होना चाहिए",
  pageAudioBadPause: "विराम 0 से {max} सेकंड होना चाहिए",
  pageAudioBadSwitch: "{option} on या off होना चाहिए",
  pageAudioNotMp3: "{file} MP3 फ़ाइल नहीं है",
  pageAudioTooLarge: "{file} {max} से बड़ी है",
  pageAudioNoSpeech:
    "पाठ बोलने के लिए espeak-ng और lame (या ffmpeg) चाहिए: उन्हें इंस्टॉल करें (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "वाणी नहीं बन सकी: {reason}",
  pageAudioSet: "पृष्ठ {page}: ऑडियो सहेजा गया ({file})",
  pageAudioCleared: "{count} पृष्ठों का ऑडियो हटाया गया",
  pageAudioPlaySaved: "चलाने की सेटिंग सहेजी गई",
  pageAudioNone: "किसी पृष्ठ पर ऑडियो नहीं है",
  pageAudioLine: "पृष्ठ {page}: {file}, {text}",
  pageAudioPlayLine: "ऑडियो के बाद पलटें: {autoFlip}; विराम {pause} से.; बिना ऑडियो वाले पृष्ठों पर रुकें: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "प्लान: {plan}",
  accountPointsLine: "पॉइंट: {points}",
  accountExpiryLine: "VIP समाप्ति: {date}",
  accountRemainingLine: "शेष दिन: {days}",
  accountHostedLine: "होस्ट की गई पुस्तकें: {count} ({suspended} अक्षम)",
  accountBuyLine: "नवीनीकरण, पॉइंट या VIP खरीदें: {url}",
  accountLedgerTitle: "लेन-देन इतिहास:",
  accountReceiptLink: "रसीद: {url}",
  accountPlanFree: "निःशुल्क",
  accountPlanPoints: "पॉइंट",
  accountPlanVipMonthly: "VIP मासिक",
  accountPlanVipAnnual: "VIP वार्षिक",
  accountAutoRenew: "स्वतः नवीनीकरण",
  accountPastDue: "नवीनीकरण विफल: अपनी भुगतान विधि अपडेट करें, अन्यथा VIP समाप्त होने के 24 घंटे बाद आपकी पुस्तकें अक्षम हो जाएंगी",
  accountLedgerEmpty: "अभी कुछ नहीं",
  accountKindFreePoints: "निःशुल्क पॉइंट",
  accountKindPurchasePoints: "पॉइंट खरीदे",
  accountKindPurchaseVip: "VIP खरीदा",
  accountKindRenewVip: "VIP नवीनीकृत",
  accountKindRefund: "धनवापसी",
  accountKindChargeback: "चार्जबैक",
  accountKindHostingCharge: "होस्टिंग शुल्क",
  accountKindRenewalFailed: "नवीनीकरण विफल",
  accountKindSubscriptionEnded: "सदस्यता समाप्त",
  accountKindSetPlan: "सहायता द्वारा सेट",
};
