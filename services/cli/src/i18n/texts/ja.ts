import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Japanese. */
export const ja: CliTexts = {
  // every command
  unknownLanguage: "サポートされていない表示言語：{lang}。利用可能：{languages}",
  unknownCommand: "不明なコマンド：{name}",
  unexpectedArgument: "余分な引数：{argument}",
  unexpectedFailure: "予期しないエラー：{message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
