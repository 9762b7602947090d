import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in English. */
export const en: CliTexts = {
  unknownLanguage: "Unsupported interface language: {lang}. Available: {languages}",
  unknownCommand: "unknown command: {name}",
  unexpectedArgument: "unexpected argument: {argument}",
  unexpectedFailure: "unexpected failure: {message}",
  networkError: "Network Error!",
};
