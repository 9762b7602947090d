import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in English. */
export const en: CliTexts = {
  // every command
  unknownLanguage: "Unsupported interface language: {lang}. Available: {languages}",
  unknownCommand: "unknown command: {name}",
  unexpectedArgument: "unexpected argument: {argument}",
  unexpectedFailure: "unexpected failure: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
