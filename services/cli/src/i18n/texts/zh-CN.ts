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
  nativeToolMissing: "{tool} 未安装：请安装 Debian 软件包 {package}（scripts/setup.sh 会安装）",
  nativeToolFailed: "{tool} 失败：{detail}",
  nativePublishFailed: "发布 {format} 失败：{detail}",
  nativeWindowMode: "--window 必须是 maximized、fullscreen 或 custom（收到 {mode}）",
  nativeWindowSize: "--window custom 需要 --width 和 --height，取 200 到 10000 之间的整数像素",
  nativeSmaliMissing: "dex 汇编器 smali 不在 {dir}：请运行 scripts/install-smali.sh",
  nativePublished: "已发布：{file}（{size} 字节）",
  apkNameRequired: "请输入名称",
  apkIdFormat: "应用ID格式错误",
  apkIdChanged: "应用ID格式错误：更新时应用ID必须与原来的一致（{id}）",
  apkVersionNumber: "版本号必须是正整数",
  apkVersionNotNext: "版本号必须比上次（{last}）增加 1：应为 {expected}",
  apkVersionNameRequired: "请输入版本名称（例如 1.0、2.1）",
  apkSignatureRequired:
    "APK 需要签名：--signature 名称 和 --signature-password 密码（turnleaf signature list 列出签名）",
  signatureOrPassword: "签名或密码错误",
  signatureLogin: "签名保存在账号中：请先运行 turnleaf login",
  signatureUsage:
    "用法：turnleaf signature create --name N --validity 年 [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "请输入签名名称",
  signatureValidity: "有效期必须是 1 到 100 之间的整数年",
  signaturePasswordPrompt: "签名密码：",
  signatureConfirmPrompt: "确认密码：",
  signaturePasswordShort: "不能少于6个字符！",
  signaturePasswordMismatch: "两次输入的密码不一致",
  signatureCountryCode: "国家代码必须是两个字母，例如 CN",
  signatureCreated: "签名已创建：{name}，有效期至 {validUntil}",
  signatureNone: "没有签名：用 turnleaf signature create 创建",
  signatureOptionNeeded: "{option} 是必需的（不在终端上时不会询问）",

  // page audio (#37)

  // payments and the account info (#38)
} as const;

export type CliTexts = { readonly [key in keyof typeof zhCN]: string };
