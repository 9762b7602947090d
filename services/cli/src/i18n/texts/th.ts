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
  nativeToolMissing: "ไม่ได้ติดตั้ง {tool}: ติดตั้งแพ็กเกจ Debian {package} (scripts/setup.sh ทำให้)",
  nativeToolFailed: "{tool} ล้มเหลว: {detail}",
  nativePublishFailed: "เผยแพร่ {format} ล้มเหลว: {detail}",
  nativeWindowMode: "--window ต้องเป็น maximized, fullscreen หรือ custom (ไม่ใช่ {mode})",
  nativeWindowSize: "--window custom ต้องมี --width และ --height เป็นพิกเซลจำนวนเต็มตั้งแต่ 200 ถึง 10000",
  nativeSmaliMissing: "ไม่พบตัวแปลง dex smali ใน {dir}: เรียกใช้ scripts/install-smali.sh",
  nativePublished: "เผยแพร่แล้ว: {file} ({size} ไบต์)",
  apkNameRequired: "ต้องระบุชื่อ",
  apkIdFormat: "รูปแบบ ID แอปพลิเคชันไม่ถูกต้อง",
  apkIdChanged: "รูปแบบ ID แอปพลิเคชันไม่ถูกต้อง: การอัปเดตต้องใช้ ID แอปพลิเคชัน {id} เดิม",
  apkVersionNumber: "หมายเลขเวอร์ชันต้องเป็นจำนวนเต็มบวก",
  apkVersionNotNext: "หมายเลขเวอร์ชันต้องเพิ่มขึ้น 1 จากครั้งล่าสุด ({last}): {expected}",
  apkVersionNameRequired: "ต้องระบุชื่อเวอร์ชัน (เช่น 1.0, 2.1)",
  apkSignatureRequired:
    "APK ต้องมีลายเซ็น: --signature ชื่อ และ --signature-password รหัสผ่าน (turnleaf signature list แสดงลายเซ็นของคุณ)",
  signatureOrPassword: "ลายเซ็นหรือรหัสผ่านไม่ถูกต้อง",
  signatureLogin: "ลายเซ็นเก็บไว้ในบัญชีของคุณ: เรียกใช้ turnleaf login ก่อน",
  signatureUsage:
    "วิธีใช้: turnleaf signature create --name N --validity ปี [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "ต้องระบุชื่อลายเซ็น",
  signatureValidity: "อายุการใช้งานต้องเป็นจำนวนปีเต็มตั้งแต่ 1 ถึง 100",
  signaturePasswordPrompt: "รหัสผ่านลายเซ็น: ",
  signatureConfirmPrompt: "ยืนยันรหัสผ่าน: ",
  signaturePasswordShort: "ต้องมีอย่างน้อย 6 ตัวอักษร!",
  signaturePasswordMismatch: "รหัสผ่านทั้งสองไม่ตรงกัน",
  signatureCountryCode: "รหัสประเทศต้องเป็นตัวอักษรสองตัว เช่น CN",
  signatureCreated: "สร้างลายเซ็นแล้ว: {name} ใช้ได้ถึง {validUntil}",
  signatureNone: "ยังไม่มีลายเซ็น: สร้างด้วย turnleaf signature create",
  signatureOptionNeeded: "ต้องระบุ {option} (จะถามเฉพาะในเทอร์มินัล)",

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
