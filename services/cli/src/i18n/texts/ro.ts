import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Romanian. */
export const ro: CliTexts = {
  // every command
  unknownLanguage: "Limbă de interfață neacceptată: {lang}. Disponibile: {languages}",
  unknownCommand: "comandă necunoscută: {name}",
  unexpectedArgument: "argument neașteptat: {argument}",
  unexpectedFailure: "eroare neașteptată: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "Plan: {plan}",
  accountPointsLine: "Puncte: {points}",
  accountExpiryLine: "VIP expiră: {date}",
  accountRemainingLine: "Zile rămase: {days}",
  accountHostedLine: "Cărți găzduite: {count} ({suspended} dezactivate)",
  accountBuyLine: "Reînnoiți, cumpărați puncte sau VIP: {url}",
  accountLedgerTitle: "Istoric:",
  accountReceiptLink: "chitanță: {url}",
  accountPlanFree: "Gratuit",
  accountPlanPoints: "Puncte",
  accountPlanVipMonthly: "VIP lunar",
  accountPlanVipAnnual: "VIP anual",
  accountAutoRenew: "Se reînnoiește automat",
  accountPastDue:
    "Reînnoirea a eșuat: actualizați metoda de plată, altfel cărțile vor fi dezactivate la 24 de ore după încheierea VIP",
  accountLedgerEmpty: "Nimic încă",
  accountKindFreePoints: "Puncte gratuite",
  accountKindPurchasePoints: "Cumpărare puncte",
  accountKindPurchaseVip: "Cumpărare VIP",
  accountKindRenewVip: "VIP reînnoit",
  accountKindRefund: "Rambursare",
  accountKindChargeback: "Contestare plată",
  accountKindHostingCharge: "Găzduire",
  accountKindRenewalFailed: "Reînnoire eșuată",
  accountKindSubscriptionEnded: "Abonament încheiat",
  accountKindSetPlan: "Setat de asistență",
};
