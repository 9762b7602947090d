import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in German. */
export const de: CliTexts = {
  // every command
  unknownLanguage: "Nicht unterstützte Oberflächensprache: {lang}. Verfügbar: {languages}",
  unknownCommand: "unbekannter Befehl: {name}",
  unexpectedArgument: "unerwartetes Argument: {argument}",
  unexpectedFailure: "unerwarteter Fehler: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "Tarif: {plan}",
  accountPointsLine: "Punkte: {points}",
  accountExpiryLine: "VIP läuft ab: {date}",
  accountRemainingLine: "Verbleibende Tage: {days}",
  accountHostedLine: "Gehostete Bücher: {count} ({suspended} deaktiviert)",
  accountBuyLine: "Verlängern, Punkte oder VIP kaufen: {url}",
  accountLedgerTitle: "Buchungen:",
  accountReceiptLink: "Beleg: {url}",
  accountPlanFree: "Kostenlos",
  accountPlanPoints: "Punkte",
  accountPlanVipMonthly: "VIP monatlich",
  accountPlanVipAnnual: "VIP jährlich",
  accountAutoRenew: "Verlängert sich automatisch",
  accountPastDue:
    "Verlängerung fehlgeschlagen: Aktualisieren Sie Ihre Zahlungsmethode, sonst werden Ihre Bücher 24 Stunden nach Ende des VIP-Tarifs deaktiviert",
  accountLedgerEmpty: "Noch nichts",
  accountKindFreePoints: "Gratispunkte",
  accountKindPurchasePoints: "Punktekauf",
  accountKindPurchaseVip: "VIP-Kauf",
  accountKindRenewVip: "VIP verlängert",
  accountKindRefund: "Erstattung",
  accountKindChargeback: "Rückbuchung",
  accountKindHostingCharge: "Hosting",
  accountKindRenewalFailed: "Verlängerung fehlgeschlagen",
  accountKindSubscriptionEnded: "Abo beendet",
  accountKindSetPlan: "Vom Support gesetzt",
};
