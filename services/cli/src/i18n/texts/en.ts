import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in English. */
export const en: CliTexts = {
  // every command
  unknownLanguage: "Unsupported interface language: {lang}. Available: {languages}",
  unknownCommand: "unknown command: {name}",
  unexpectedArgument: "unexpected argument: {argument}",
  unexpectedFailure: "unexpected failure: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "The online book {bookId} changed since this project last synced with it: {changes}. Nothing was overwritten: pull it first, or upload again with --force.",
  syncChangedLocally:
    "The project changed since it last synced with the online book {bookId}: {changes}. Nothing was overwritten: upload it first, or pull again with --force.",
  syncNeverSynced:
    "{dir} holds another project, never synced with the online book {bookId}: pull into a new folder, or give --force to replace its configuration.",
  syncUploaded:
    "the whole project is on the online book: settings, contents, bookmarks, languages, password, downloads, media",
  syncOverwriteUnsynced: "overwriting the online book {bookId}, which this project never synced with",
  pullDone: "pulled the online book {bookId} into {dir}",
  pullPasswordUnknown:
    "the online book is password protected and its password cannot be read back: set it in the project before publishing offline",
  pullPagesChanged:
    "the online book's pages are a newer conversion (revision {revision}): import its PDF again for the new pages",
  pullUsage: "turnleaf pull <book id> --out <project dir> [--force]",
  offlinePasswordNote:
    "an offline book's password is checked in the browser only and is no real protection: its files can be read",
  pullNoOriginal:
    "The online book {bookId} does not offer its original PDF for download, so a new project cannot get its pages: turn the PDF download on in its download settings, or pull into the project it was uploaded from.",
  syncAlreadyOnline:
    "this project is already online as the book {bookId}: --overwrite {bookId} updates it (this upload makes a new book)",
  attachmentMissing: "the attachment {file} is not in the project folder",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
