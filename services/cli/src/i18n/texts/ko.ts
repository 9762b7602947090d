import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Korean. */
export const ko: CliTexts = {
  // every command
  unknownLanguage: "지원하지 않는 인터페이스 언어: {lang}. 사용 가능: {languages}",
  unknownCommand: "알 수 없는 명령: {name}",
  unexpectedArgument: "예상하지 못한 인수: {argument}",
  unexpectedFailure: "예상하지 못한 오류: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
