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
  pageAudioUsage:
    "用法：turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "请只选择 --tts、--mp3 或 --clear 之一",
  pageAudioBadPage: "第 {page} 页不是本项目的页面（1–{count}）",
  pageAudioTextRequired: "请输入要朗读的文字",
  pageAudioTextTooLong: "文字最多 {max} 个字符",
  pageAudioBadVoice: "语音必须是 {voices} 之一",
  pageAudioBadSpeed: "语速必须为每分钟 {min} 至 {max} 词",
  pageAudioBadCaption: "字幕必须是 off、top 或 bottom",
  pageAudioBadPause: "停顿必须为 0 至 {max} 秒",
  pageAudioBadSwitch: "{option} 必须是 on 或 off",
  pageAudioNotMp3: "{file} 不是 MP3 文件",
  pageAudioTooLarge: "{file} 超过 {max}",
  pageAudioNoSpeech: "朗读文字需要 espeak-ng 和 lame（或 ffmpeg）：请先安装（Debian：apt-get install espeak-ng lame）",
  pageAudioSpeechFailed: "语音生成失败：{reason}",
  pageAudioSet: "第 {page} 页：音频已保存（{file}）",
  pageAudioCleared: "已清除 {count} 页的音频",
  pageAudioPlaySaved: "播放设置已保存",
  pageAudioNone: "没有页面音频",
  pageAudioLine: "第 {page} 页：{file}，{text}",
  pageAudioPlayLine: "音频结束后自动翻页：{autoFlip}；停顿 {pause} 秒；无音频页面暂停：{pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "套餐：{plan}",
  accountPointsLine: "点数：{points}",
  accountExpiryLine: "VIP 到期：{date}",
  accountRemainingLine: "剩余天数：{days}",
  accountHostedLine: "托管图书：{count}（已停用 {suspended}）",
  accountBuyLine: "续费、购买点数或 VIP：{url}",
  accountLedgerTitle: "账单记录：",
  accountReceiptLink: "收据：{url}",
  accountPlanFree: "免费",
  accountPlanPoints: "点数",
  accountPlanVipMonthly: "VIP 月付",
  accountPlanVipAnnual: "VIP 年付",
  accountAutoRenew: "自动续费",
  accountPastDue: "续费失败：请更新付款方式，否则图书将在 VIP 到期 24 小时后停用",
  accountLedgerEmpty: "暂无记录",
  accountKindFreePoints: "赠送点数",
  accountKindPurchasePoints: "购买点数",
  accountKindPurchaseVip: "购买 VIP",
  accountKindRenewVip: "VIP 续费",
  accountKindRefund: "退款",
  accountKindChargeback: "拒付",
  accountKindHostingCharge: "托管扣点",
  accountKindRenewalFailed: "续费失败",
  accountKindSubscriptionEnded: "订阅结束",
  accountKindSetPlan: "客服调整",
} as const;

export type CliTexts = { readonly [key in keyof typeof zhCN]: string };
