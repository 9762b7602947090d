/** The tool's texts in Chinese, the default; every other language has the same keys (checked by the compiler). */
export const zhCN = {
  // every command
  unknownLanguage: "不支持的界面语言：{lang}。可用：{languages}",
  unknownCommand: "未知命令：{name}",
  unexpectedArgument: "多余的参数：{argument}",
  unexpectedFailure: "意外错误：{message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "在线书 {bookId} 自本项目上次同步以来已更改：{changes}。未覆盖任何内容：请先 pull，或加 --force 再次上传。",
  syncChangedLocally:
    "本项目自上次与在线书 {bookId} 同步以来已更改：{changes}。未覆盖任何内容：请先上传，或加 --force 再次 pull。",
  syncNeverSynced: "{dir} 中是另一个项目，从未与在线书 {bookId} 同步：请 pull 到新文件夹，或加 --force 替换其配置。",
  syncUploaded: "整个项目已在在线书上：设置、目录、书签、语言、密码、下载、多媒体",
  syncOverwriteUnsynced: "正在覆盖在线书 {bookId}，本项目从未与其同步",
  pullDone: "已将在线书 {bookId} 拉取到 {dir}",
  pullPasswordUnknown: "在线书有密码保护，其密码无法读回：离线发布前请在项目中设置密码",
  pullPagesChanged: "在线书的页面是更新的转换（版本 {revision}）：请重新导入其 PDF 以获得新页面",
  pullUsage: "turnleaf pull <书 ID> --out <项目文件夹> [--force]",
  offlinePasswordNote: "离线书的密码只在浏览器中检查，并非真正的保护：文件本身可被读取",
  pullNoOriginal:
    "在线书 {bookId} 不提供原始 PDF 下载，新项目无法获得其页面：请在其下载设置中开启 PDF 下载，或拉取到上传它的项目中。",
  syncAlreadyOnline: "本项目已作为在线书 {bookId} 在线：用 --overwrite {bookId} 更新它（此次上传会新建一本书）",
  attachmentMissing: "附件 {file} 不在项目文件夹中",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
} as const;

export type CliTexts = { readonly [key in keyof typeof zhCN]: string };
