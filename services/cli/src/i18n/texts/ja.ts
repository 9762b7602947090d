import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Japanese. */
export const ja: CliTexts = {
  unknownLanguage: "サポートされていない表示言語：{lang}。利用可能：{languages}",
  unknownCommand: "不明なコマンド：{name}",
  unexpectedArgument: "余分な引数：{argument}",
  unexpectedFailure: "予期しないエラー：{message}",
  networkError: "Network Error!",
};
