/** The tool's texts in Chinese, the default; every other language has the same keys (checked by the compiler). */
export const zhCN = {
  // every command
  unknownLanguage: "不支持的界面语言：{lang}。可用：{languages}",
  unknownCommand: "未知命令：{name}",
  unexpectedArgument: "多余的参数：{argument}",
  unexpectedFailure: "意外错误：{message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "套餐：{plan}",
  accountPointsLine: "点数：{points}",
  accountExpiryLine: "VIP 到期：{date}",
  accountRemainingLine: "剩余天数：{days}",
  accountHostedLine: "托管图书：{count}（已停用 {suspended}）",
  accountBuyLine: "续费、购买点数或 VIP：{url}",
  accountLedgerTitle: "账单记录：",
  accountReceiptLink: "收据：{url}",
  accountPlanFree: "免费",
  accountPlanPoints: "点数",
  accountPlanVipMonthly: "VIP 月付",
  accountPlanVipAnnual: "VIP 年付",
  accountAutoRenew: "自动续费",
  accountPastDue: "续费失败：请更新付款方式，否则图书将在 VIP 到期 24 小时后停用",
  accountLedgerEmpty: "暂无记录",
  accountKindFreePoints: "赠送点数",
  accountKindPurchasePoints: "购买点数",
  accountKindPurchaseVip: "购买 VIP",
  accountKindRenewVip: "VIP 续费",
  accountKindRefund: "退款",
  accountKindChargeback: "拒付",
  accountKindHostingCharge: "托管扣点",
  accountKindRenewalFailed: "续费失败",
  accountKindSubscriptionEnded: "订阅结束",
  accountKindSetPlan: "客服调整",
} as const;

export type CliTexts = { readonly [key in keyof typeof zhCN]: string };
