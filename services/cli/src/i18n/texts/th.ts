import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Thai. */
export const th: CliTexts = {
  // every command
  unknownLanguage: "ไม่รองรับภาษาอินเทอร์เฟซ: {lang} ที่ใช้ได้: {languages}",
  unknownCommand: "ไม่รู้จักคำสั่ง: {name}",
  unexpectedArgument: "อาร์กิวเมนต์ที่ไม่คาดคิด: {argument}",
  unexpectedFailure: "ความล้มเหลวที่ไม่คาดคิด: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
  accountPlanLine: "แพ็กเกจ: {plan}",
  accountPointsLine: "พอยต์: {points}",
  accountExpiryLine: "VIP หมดอายุ: {date}",
  accountRemainingLine: "วันคงเหลือ: {days}",
  accountHostedLine: "หนังสือที่โฮสต์: {count} (ปิดใช้งาน {suspended})",
  accountBuyLine: "ต่ออายุ ซื้อพอยต์หรือ VIP: {url}",
  accountLedgerTitle: "ประวัติรายการ:",
  accountReceiptLink: "ใบเสร็จ: {url}",
  accountPlanFree: "ฟรี",
  accountPlanPoints: "พอยต์",
  accountPlanVipMonthly: "VIP รายเดือน",
  accountPlanVipAnnual: "VIP รายปี",
  accountAutoRenew: "ต่ออายุอัตโนมัติ",
  accountPastDue: "ต่ออายุไม่สำเร็จ: โปรดอัปเดตวิธีชำระเงิน มิฉะนั้นหนังสือจะถูกปิดใช้งาน 24 ชั่วโมงหลัง VIP สิ้นสุด",
  accountLedgerEmpty: "ยังไม่มีรายการ",
  accountKindFreePoints: "พอยต์ฟรี",
  accountKindPurchasePoints: "ซื้อพอยต์",
  accountKindPurchaseVip: "ซื้อ VIP",
  accountKindRenewVip: "ต่ออายุ VIP",
  accountKindRefund: "คืนเงิน",
  accountKindChargeback: "การปฏิเสธการชำระเงิน",
  accountKindHostingCharge: "ค่าโฮสต์",
  accountKindRenewalFailed: "ต่ออายุไม่สำเร็จ",
  accountKindSubscriptionEnded: "สิ้นสุดการสมัครสมาชิก",
  accountKindSetPlan: "ปรับโดยฝ่ายสนับสนุน",
};
