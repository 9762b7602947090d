import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Arabic. */
export const ar: CliTexts = {
  // every command
  unknownLanguage: "لغة واجهة غير مدعومة: {lang}. المتاح: {languages}",
  unknownCommand: "أمر غير معروف: {name}",
  unexpectedArgument: "وسيط غير متوقع: {argument}",
  unexpectedFailure: "فشل غير متوقع: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
