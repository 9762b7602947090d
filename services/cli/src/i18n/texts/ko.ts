import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Korean. */
export const ko: CliTexts = {
  unknownLanguage: "지원하지 않는 인터페이스 언어: {lang}. 사용 가능: {languages}",
  unknownCommand: "알 수 없는 명령: {name}",
  unexpectedArgument: "예상하지 못한 인수: {argument}",
  unexpectedFailure: "예상하지 못한 오류: {message}",
  networkError: "Network Error!",
};
