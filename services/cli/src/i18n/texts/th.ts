import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Thai. */
export const th: CliTexts = {
  unknownLanguage: "ไม่รองรับภาษาอินเทอร์เฟซ: {lang} ที่ใช้ได้: {languages}",
  unknownCommand: "ไม่รู้จักคำสั่ง: {name}",
  unexpectedArgument: "อาร์กิวเมนต์ที่ไม่คาดคิด: {argument}",
  unexpectedFailure: "ความล้มเหลวที่ไม่คาดคิด: {message}",
  networkError: "Network Error!",
};
