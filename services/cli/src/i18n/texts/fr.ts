import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in French. */
export const fr: CliTexts = {
  // every command
  unknownLanguage: "Langue d’interface non prise en charge : {lang}. Disponibles : {languages}",
  unknownCommand: "commande inconnue : {name}",
  unexpectedArgument: "argument inattendu : {argument}",
  unexpectedFailure: "échec inattendu : {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "Formule : {plan}",
  accountPointsLine: "Points : {points}",
  accountExpiryLine: "VIP expire le : {date}",
  accountRemainingLine: "Jours restants : {days}",
  accountHostedLine: "Livres hébergés : {count} ({suspended} désactivés)",
  accountBuyLine: "Renouveler, acheter des points ou le VIP : {url}",
  accountLedgerTitle: "Historique :",
  accountReceiptLink: "reçu : {url}",
  accountPlanFree: "Gratuit",
  accountPlanPoints: "Points",
  accountPlanVipMonthly: "VIP mensuel",
  accountPlanVipAnnual: "VIP annuel",
  accountAutoRenew: "Renouvellement automatique",
  accountPastDue:
    "Échec du renouvellement : mettez à jour votre moyen de paiement, sinon vos livres seront désactivés 24 heures après la fin du VIP",
  accountLedgerEmpty: "Rien pour l''instant",
  accountKindFreePoints: "Points offerts",
  accountKindPurchasePoints: "Achat de points",
  accountKindPurchaseVip: "Achat du VIP",
  accountKindRenewVip: "VIP renouvelé",
  accountKindRefund: "Remboursement",
  accountKindChargeback: "Rétrofacturation",
  accountKindHostingCharge: "Hébergement",
  accountKindRenewalFailed: "Échec du renouvellement",
  accountKindSubscriptionEnded: "Abonnement terminé",
  accountKindSetPlan: "Modifié par le support",
};
