import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Arabic. */
export const ar: CliTexts = {
  unknownLanguage: "لغة واجهة غير مدعومة: {lang}. المتاح: {languages}",
  unknownCommand: "أمر غير معروف: {name}",
  unexpectedArgument: "وسيط غير متوقع: {argument}",
  unexpectedFailure: "فشل غير متوقع: {message}",
  networkError: "Network Error!",
};
