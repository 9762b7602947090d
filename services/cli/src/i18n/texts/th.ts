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
  syncChangedOnline:
    "หนังสือออนไลน์ {bookId} เปลี่ยนไปตั้งแต่การซิงค์ครั้งล่าสุดของโปรเจกต์นี้: {changes} ไม่มีสิ่งใดถูกเขียนทับ: ให้ pull ก่อน หรืออัปโหลดอีกครั้งด้วย --force",
  syncChangedLocally:
    "โปรเจกต์เปลี่ยนไปตั้งแต่การซิงค์ครั้งล่าสุดกับหนังสือออนไลน์ {bookId}: {changes} ไม่มีสิ่งใดถูกเขียนทับ: ให้อัปโหลดก่อน หรือ pull อีกครั้งด้วย --force",
  syncNeverSynced:
    "{dir} มีโปรเจกต์อื่นที่ไม่เคยซิงค์กับหนังสือออนไลน์ {bookId}: ให้ pull ไปยังโฟลเดอร์ใหม่ หรือใช้ --force เพื่อแทนที่การตั้งค่า",
  syncUploaded: "ทั้งโปรเจกต์อยู่บนหนังสือออนไลน์แล้ว: การตั้งค่า สารบัญ บุ๊กมาร์ก ภาษา รหัสผ่าน การดาวน์โหลด สื่อ",
  syncOverwriteUnsynced: "กำลังเขียนทับหนังสือออนไลน์ {bookId} ซึ่งโปรเจกต์นี้ไม่เคยซิงค์ด้วย",
  pullDone: "ดึงหนังสือออนไลน์ {bookId} มายัง {dir} แล้ว",
  pullPasswordUnknown: "หนังสือออนไลน์มีรหัสผ่านป้องกันและอ่านรหัสผ่านกลับไม่ได้: ตั้งรหัสผ่านในโปรเจกต์ก่อนเผยแพร่แบบออฟไลน์",
  pullPagesChanged: "หน้าของหนังสือออนไลน์มาจากการแปลงที่ใหม่กว่า (รุ่น {revision}): นำเข้า PDF อีกครั้งเพื่อรับหน้าใหม่",
  pullUsage: "turnleaf pull <รหัสหนังสือ> --out <โฟลเดอร์โปรเจกต์> [--force]",
  offlinePasswordNote: "รหัสผ่านของหนังสือออฟไลน์ตรวจในเบราว์เซอร์เท่านั้นและไม่ใช่การป้องกันจริง: ไฟล์ยังอ่านได้",
  pullNoOriginal:
    "หนังสือออนไลน์ {bookId} ไม่เปิดให้ดาวน์โหลด PDF ต้นฉบับ โปรเจกต์ใหม่จึงรับหน้าของมันไม่ได้: เปิดการดาวน์โหลด PDF ในการตั้งค่าการดาวน์โหลด หรือ pull ไปยังโปรเจกต์ที่อัปโหลดมา",
  syncAlreadyOnline:
    "โปรเจกต์นี้ออนไลน์อยู่แล้วเป็นหนังสือ {bookId}: ใช้ --overwrite {bookId} เพื่ออัปเดต (การอัปโหลดครั้งนี้สร้างหนังสือใหม่)",
  attachmentMissing: "ไฟล์แนบ {file} ไม่อยู่ในโฟลเดอร์โปรเจกต์",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
