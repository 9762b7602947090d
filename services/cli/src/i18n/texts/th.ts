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

  // payments and the account info (#38)
};
