import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Spanish. */
export const es: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interfaz no admitido: {lang}. Disponibles: {languages}",
  unknownCommand: "comando desconocido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "fallo inesperado: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "Plan: {plan}",
  accountPointsLine: "Puntos: {points}",
  accountExpiryLine: "VIP vence: {date}",
  accountRemainingLine: "Días restantes: {days}",
  accountHostedLine: "Libros alojados: {count} ({suspended} desactivados)",
  accountBuyLine: "Renovar, comprar puntos o VIP: {url}",
  accountLedgerTitle: "Movimientos:",
  accountReceiptLink: "recibo: {url}",
  accountPlanFree: "Gratis",
  accountPlanPoints: "Puntos",
  accountPlanVipMonthly: "VIP mensual",
  accountPlanVipAnnual: "VIP anual",
  accountAutoRenew: "Se renueva automáticamente",
  accountPastDue:
    "La renovación falló: actualice su método de pago o sus libros se desactivarán 24 horas después de que termine el VIP",
  accountLedgerEmpty: "Nada todavía",
  accountKindFreePoints: "Puntos gratis",
  accountKindPurchasePoints: "Compra de puntos",
  accountKindPurchaseVip: "Compra de VIP",
  accountKindRenewVip: "VIP renovado",
  accountKindRefund: "Reembolso",
  accountKindChargeback: "Contracargo",
  accountKindHostingCharge: "Alojamiento",
  accountKindRenewalFailed: "Renovación fallida",
  accountKindSubscriptionEnded: "Suscripción finalizada",
  accountKindSetPlan: "Ajustado por soporte",
};
