import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Portuguese. */
export const pt: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interface não suportado: {lang}. Disponíveis: {languages}",
  unknownCommand: "comando desconhecido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "falha inesperada: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "Plano: {plan}",
  accountPointsLine: "Pontos: {points}",
  accountExpiryLine: "VIP expira em: {date}",
  accountRemainingLine: "Dias restantes: {days}",
  accountHostedLine: "Livros alojados: {count} ({suspended} desativados)",
  accountBuyLine: "Renovar, comprar pontos ou VIP: {url}",
  accountLedgerTitle: "Movimentos:",
  accountReceiptLink: "recibo: {url}",
  accountPlanFree: "Gratuito",
  accountPlanPoints: "Pontos",
  accountPlanVipMonthly: "VIP mensal",
  accountPlanVipAnnual: "VIP anual",
  accountAutoRenew: "Renova automaticamente",
  accountPastDue:
    "A renovação falhou: atualize o método de pagamento, ou os seus livros serão desativados 24 horas após o fim do VIP",
  accountLedgerEmpty: "Ainda nada",
  accountKindFreePoints: "Pontos grátis",
  accountKindPurchasePoints: "Compra de pontos",
  accountKindPurchaseVip: "Compra de VIP",
  accountKindRenewVip: "VIP renovado",
  accountKindRefund: "Reembolso",
  accountKindChargeback: "Estorno",
  accountKindHostingCharge: "Alojamento",
  accountKindRenewalFailed: "Renovação falhou",
  accountKindSubscriptionEnded: "Assinatura terminada",
  accountKindSetPlan: "Alterado pelo suporte",
};
