/** The tool's texts in Chinese, the default; every other language has the same keys (checked by the compiler). */
export const zhCN = {
  // every command
  unknownLanguage: "不支持的界面语言：{lang}。可用：{languages}",
  unknownCommand: "未知命令：{name}",
  unexpectedArgument: "多余的参数：{argument}",
  unexpectedFailure: "意外错误：{message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
} as const;

export type CliTexts = { readonly [key in keyof typeof zhCN]: string };
