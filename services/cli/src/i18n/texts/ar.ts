import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Arabic. */
export const ar: CliTexts = {
  // every command
  unknownLanguage: "لغة واجهة غير مدعومة: {lang}. المتاح: {languages}",
  unknownCommand: "أمر غير معروف: {name}",
  unexpectedArgument: "وسيط غير متوقع: {argument}",
  unexpectedFailure: "فشل غير متوقع: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "الخطة: {plan}",
  accountPointsLine: "النقاط: {points}",
  accountExpiryLine: "ينتهي VIP في: {date}",
  accountRemainingLine: "الأيام المتبقية: {days}",
  accountHostedLine: "الكتب المستضافة: {count} (معطلة {suspended})",
  accountBuyLine: "التجديد أو شراء النقاط أو VIP: {url}",
  accountLedgerTitle: "السجل:",
  accountReceiptLink: "الإيصال: {url}",
  accountPlanFree: "مجاني",
  accountPlanPoints: "النقاط",
  accountPlanVipMonthly: "VIP شهري",
  accountPlanVipAnnual: "VIP سنوي",
  accountAutoRenew: "يتجدد تلقائيًا",
  accountPastDue: "فشل التجديد: حدّث وسيلة الدفع، وإلا فستُعطَّل كتبك بعد 24 ساعة من انتهاء VIP",
  accountLedgerEmpty: "لا شيء بعد",
  accountKindFreePoints: "نقاط مجانية",
  accountKindPurchasePoints: "شراء نقاط",
  accountKindPurchaseVip: "شراء VIP",
  accountKindRenewVip: "تجديد VIP",
  accountKindRefund: "استرداد",
  accountKindChargeback: "استرداد مصرفي",
  accountKindHostingCharge: "رسوم الاستضافة",
  accountKindRenewalFailed: "فشل التجديد",
  accountKindSubscriptionEnded: "انتهى الاشتراك",
  accountKindSetPlan: "عدّله الدعم",
};
