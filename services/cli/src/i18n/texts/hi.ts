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

  // page audio (#37)

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
