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
  pageAudioUsage:
    "วิธีใช้: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "เลือกเพียงหนึ่งอย่างจาก --tts, --mp3 หรือ --clear",
  pageAudioBadPage: "หน้า {page} ไม่ใช่หน้าของโปรเจกต์นี้ (1–{count})",
  pageAudioTextRequired: "โปรดป้อนข้อความที่จะอ่าน",
  pageAudioTextTooLong: "ข้อความยาวได้สูงสุด {max} ตัวอักษร",
  pageAudioBadVoice: "เสียงต้องเป็นหนึ่งใน {voices}",
  pageAudioBadSpeed: "ความเร็วต้องอยู่ระหว่าง {min} ถึง {max} คำต่อนาที",
  pageAudioBadCaption: "คำบรรยายต้องเป็น off, top หรือ bottom",
  pageAudioBadPause: "การหยุดต้องอยู่ระหว่าง 0 ถึง {max} วินาที",
  pageAudioBadSwitch: "{option} ต้องเป็น on หรือ off",
  pageAudioNotMp3: "{file} ไม่ใช่ไฟล์ MP3",
  pageAudioTooLarge: "{file} ใหญ่กว่า {max}",
  pageAudioNoSpeech:
    "การอ่านข้อความต้องใช้ espeak-ng และ lame (หรือ ffmpeg): โปรดติดตั้ง (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "สร้างเสียงพูดไม่ได้: {reason}",
  pageAudioSet: "หน้า {page}: บันทึกเสียงแล้ว ({file})",
  pageAudioCleared: "ล้างเสียงจาก {count} หน้าแล้ว",
  pageAudioPlaySaved: "บันทึกการตั้งค่าการเล่นแล้ว",
  pageAudioNone: "ไม่มีหน้าที่มีเสียง",
  pageAudioLine: "หน้า {page}: {file}, {text}",
  pageAudioPlayLine: "พลิกหลังเสียงจบ: {autoFlip}; หยุด {pause} วินาที; หยุดที่หน้าที่ไม่มีเสียง: {pauseWithoutAudio}",

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
