import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Hindi. */
export const hi: CliTexts = {
  // every command
  unknownLanguage: "असमर्थित इंटरफ़ेस भाषा: {lang}। उपलब्ध: {languages}",
  unknownCommand: "अज्ञात कमांड: {name}",
  unexpectedArgument: "अनपेक्षित तर्क: {argument}",
  unexpectedFailure: "अनपेक्षित विफलता: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
