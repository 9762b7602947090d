import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Japanese. */
export const ja: CliTexts = {
  // every command
  unknownLanguage: "サポートされていない表示言語：{lang}。利用可能：{languages}",
  unknownCommand: "不明なコマンド：{name}",
  unexpectedArgument: "余分な引数：{argument}",
  unexpectedFailure: "予期しないエラー：{message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "プラン：{plan}",
  accountPointsLine: "ポイント：{points}",
  accountExpiryLine: "VIP 有効期限：{date}",
  accountRemainingLine: "残り日数：{days}",
  accountHostedLine: "ホスティング中のブック：{count}（無効 {suspended}）",
  accountBuyLine: "更新・ポイントや VIP の購入：{url}",
  accountLedgerTitle: "取引履歴：",
  accountReceiptLink: "領収書：{url}",
  accountPlanFree: "無料",
  accountPlanPoints: "ポイント",
  accountPlanVipMonthly: "VIP 月額",
  accountPlanVipAnnual: "VIP 年額",
  accountAutoRenew: "自動更新",
  accountPastDue: "更新に失敗しました：支払い方法を更新しないと、VIP 終了から 24 時間後にブックが無効になります",
  accountLedgerEmpty: "まだありません",
  accountKindFreePoints: "無料ポイント",
  accountKindPurchasePoints: "ポイント購入",
  accountKindPurchaseVip: "VIP 購入",
  accountKindRenewVip: "VIP 更新",
  accountKindRefund: "返金",
  accountKindChargeback: "チャージバック",
  accountKindHostingCharge: "ホスティング料金",
  accountKindRenewalFailed: "更新失敗",
  accountKindSubscriptionEnded: "サブスクリプション終了",
  accountKindSetPlan: "サポートによる変更",
};
