/** The tool's texts in Chinese, the default; every other language has the same keys (checked by the compiler). */
export const zhCN = {
  unknownLanguage: "不支持的界面语言：{lang}。可用：{languages}",
  unknownCommand: "未知命令：{name}",
  unexpectedArgument: "多余的参数：{argument}",
  unexpectedFailure: "意外错误：{message}",
  networkError: "Network Error!",
} as const;

export type CliTexts = { readonly [key in keyof typeof zhCN]: string };
