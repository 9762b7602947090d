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
  nativeToolMissing:
    "{tool} がインストールされていません：Debian パッケージ {package} をインストールしてください（scripts/setup.sh が行います）",
  nativeToolFailed: "{tool} が失敗しました：{detail}",
  nativePublishFailed: "{format} の発行に失敗しました：{detail}",
  nativeWindowMode: "--window は maximized、fullscreen、custom のいずれかです（{mode} は不可）",
  nativeWindowSize: "--window custom には --width と --height（200〜10000 の整数ピクセル）が必要です",
  nativeSmaliMissing: "dex アセンブラ smali が {dir} にありません：scripts/install-smali.sh を実行してください",
  nativePublished: "発行しました：{file}（{size} バイト）",
  apkNameRequired: "名前を入力してください",
  apkIdFormat: "アプリケーションIDの形式が正しくありません",
  apkIdChanged: "アプリケーションIDの形式が正しくありません：更新時はアプリケーションID {id} を変更できません",
  apkVersionNumber: "バージョン番号は正の整数で指定してください",
  apkVersionNotNext: "バージョン番号は前回（{last}）から 1 増やしてください：{expected}",
  apkVersionNameRequired: "バージョン名を入力してください（例：1.0、2.1）",
  apkSignatureRequired:
    "APK には署名が必要です：--signature 名前 と --signature-password パスワード（turnleaf signature list で一覧）",
  signatureOrPassword: "署名またはパスワードが正しくありません",
  signatureLogin: "署名はアカウントに保存されます：先に turnleaf login を実行してください",
  signatureUsage:
    "使い方：turnleaf signature create --name N --validity 年数 [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "署名名を入力してください",
  signatureValidity: "有効期間は 1〜100 の整数（年）で指定してください",
  signaturePasswordPrompt: "署名のパスワード：",
  signatureConfirmPrompt: "パスワードの確認：",
  signaturePasswordShort: "6文字以上で入力してください！",
  signaturePasswordMismatch: "2つのパスワードが一致しません",
  signatureCountryCode: "国コードは CN のような2文字で入力してください",
  signatureCreated: "署名を作成しました：{name}、有効期限 {validUntil}",
  signatureNone: "署名がありません：turnleaf signature create で作成してください",
  signatureOptionNeeded: "{option} が必要です（ターミナルでのみ質問します）",

  // page audio (#37)

  // payments and the account info (#38)
};
