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

  // page audio (#37)

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
