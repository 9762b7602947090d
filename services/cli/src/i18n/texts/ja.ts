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
  syncChangedOnline:
    "オンラインブック {bookId} は、このプロジェクトの前回の同期以降に変更されました：{changes}。何も上書きしていません：先に pull するか、--force を付けて再アップロードしてください。",
  syncChangedLocally:
    "プロジェクトはオンラインブック {bookId} との前回の同期以降に変更されました：{changes}。何も上書きしていません：先にアップロードするか、--force を付けて再度 pull してください。",
  syncNeverSynced:
    "{dir} はオンラインブック {bookId} と一度も同期していない別のプロジェクトです：新しいフォルダーに pull するか、--force で設定を置き換えてください。",
  syncUploaded:
    "プロジェクト全体がオンラインブックにあります：設定、目次、しおり、言語、パスワード、ダウンロード、メディア",
  syncOverwriteUnsynced: "このプロジェクトと同期したことのないオンラインブック {bookId} を上書きします",
  pullDone: "オンラインブック {bookId} を {dir} に取り込みました",
  pullPasswordUnknown:
    "オンラインブックはパスワードで保護されており、パスワードは読み戻せません：オフライン公開の前にプロジェクトで設定してください",
  pullPagesChanged:
    "オンラインブックのページは新しい変換です（リビジョン {revision}）：新しいページにはその PDF を再インポートしてください",
  pullUsage: "turnleaf pull <ブック ID> --out <プロジェクトフォルダー> [--force]",
  offlinePasswordNote:
    "オフラインブックのパスワードはブラウザー内でのみ確認され、実際の保護ではありません：ファイルは読み取れます",
  pullNoOriginal:
    "オンラインブック {bookId} は元の PDF のダウンロードを提供していないため、新しいプロジェクトはページを取得できません：ダウンロード設定で PDF ダウンロードをオンにするか、アップロード元のプロジェクトに pull してください。",
  syncAlreadyOnline:
    "このプロジェクトはすでにブック {bookId} としてオンラインにあります：--overwrite {bookId} で更新できます（今回のアップロードは新しいブックを作ります）",
  attachmentMissing: "添付ファイル {file} がプロジェクトフォルダーにありません",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
