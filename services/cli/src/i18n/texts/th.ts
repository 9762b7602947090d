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
};
