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
  pageAudioUsage:
    "使い方：turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "--tts、--mp3、--clear のいずれか 1 つを選んでください",
  pageAudioBadPage: "{page} ページはこのプロジェクトのページではありません（1–{count}）",
  pageAudioTextRequired: "読み上げるテキストを入力してください",
  pageAudioTextTooLong: "テキストは最大 {max} 文字です",
  pageAudioBadVoice: "音声は {voices} のいずれかにしてください",
  pageAudioBadSpeed: "速度は毎分 {min}～{max} 語にしてください",
  pageAudioBadCaption: "字幕は off、top、bottom のいずれかにしてください",
  pageAudioBadPause: "一時停止は 0～{max} 秒にしてください",
  pageAudioBadSwitch: "{option} は on または off にしてください",
  pageAudioNotMp3: "{file} は MP3 ファイルではありません",
  pageAudioTooLarge: "{file} は {max} を超えています",
  pageAudioNoSpeech:
    "テキストの読み上げには espeak-ng と lame（または ffmpeg）が必要です：インストールしてください（Debian：apt-get install espeak-ng lame）",
  pageAudioSpeechFailed: "音声を生成できませんでした：{reason}",
  pageAudioSet: "{page} ページ：音声を保存しました（{file}）",
  pageAudioCleared: "{count} ページの音声を消去しました",
  pageAudioPlaySaved: "再生設定を保存しました",
  pageAudioNone: "音声のあるページはありません",
  pageAudioLine: "{page} ページ：{file}、{text}",
  pageAudioPlayLine:
    "音声の後にめくる：{autoFlip}、一時停止 {pause} 秒、音声のないページで一時停止：{pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "プラン：{plan}",
  accountPointsLine: "ポイント：{points}",
  accountExpiryLine: "VIP 有効期限：{date}",
  accountRemainingLine: "残り日数：{days}",
  accountHostedLine: "ホスティング中のブック：{count}（無効 {suspended}）",
  accountBuyLine: "更新・ポイントや VIP の購入：{url}",
  accountLedgerTitle: "取引履歴：",
  accountReceiptLink: "領収書：{url}",
  accountPlanFree: "無料",
  accountPlanPoints: "ポイント",
  accountPlanVipMonthly: "VIP 月額",
  accountPlanVipAnnual: "VIP 年額",
  accountAutoRenew: "自動更新",
  accountPastDue: "更新に失敗しました：支払い方法を更新しないと、VIP 終了から 24 時間後にブックが無効になります",
  accountLedgerEmpty: "まだありません",
  accountKindFreePoints: "無料ポイント",
  accountKindPurchasePoints: "ポイント購入",
  accountKindPurchaseVip: "VIP 購入",
  accountKindRenewVip: "VIP 更新",
  accountKindRefund: "返金",
  accountKindChargeback: "チャージバック",
  accountKindHostingCharge: "ホスティング料金",
  accountKindRenewalFailed: "更新失敗",
  accountKindSubscriptionEnded: "サブスクリプション終了",
  accountKindSetPlan: "サポートによる変更",
};
