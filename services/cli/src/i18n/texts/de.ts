import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in German. */
export const de: CliTexts = {
  // every command
  unknownLanguage: "Nicht unterstützte Oberflächensprache: {lang}. Verfügbar: {languages}",
  unknownCommand: "unbekannter Befehl: {name}",
  unexpectedArgument: "unerwartetes Argument: {argument}",
  unexpectedFailure: "unerwarteter Fehler: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "Das Online-Buch {bookId} hat sich seit der letzten Synchronisierung dieses Projekts geändert: {changes}. Nichts wurde überschrieben: zuerst pull ausführen oder mit --force erneut hochladen.",
  syncChangedLocally:
    "Das Projekt hat sich seit der letzten Synchronisierung mit dem Online-Buch {bookId} geändert: {changes}. Nichts wurde überschrieben: zuerst hochladen oder pull mit --force wiederholen.",
  syncNeverSynced:
    "{dir} enthält ein anderes Projekt, das nie mit dem Online-Buch {bookId} synchronisiert wurde: in einen neuen Ordner pullen oder mit --force seine Konfiguration ersetzen.",
  syncUploaded:
    "das ganze Projekt ist im Online-Buch: Einstellungen, Inhaltsverzeichnis, Lesezeichen, Sprachen, Passwort, Downloads, Medien",
  syncOverwriteUnsynced: "das Online-Buch {bookId} wird überschrieben, mit dem dieses Projekt nie synchronisiert wurde",
  pullDone: "das Online-Buch {bookId} wurde nach {dir} geholt",
  pullPasswordUnknown:
    "das Online-Buch ist passwortgeschützt und sein Passwort kann nicht zurückgelesen werden: vor dem Offline-Veröffentlichen im Projekt setzen",
  pullPagesChanged:
    "die Seiten des Online-Buchs stammen aus einer neueren Konvertierung (Revision {revision}): sein PDF für die neuen Seiten erneut importieren",
  pullUsage: "turnleaf pull <Buch-ID> --out <Projektordner> [--force]",
  offlinePasswordNote:
    "das Passwort eines Offline-Buchs wird nur im Browser geprüft und ist kein echter Schutz: seine Dateien sind lesbar",
  pullNoOriginal:
    "Das Online-Buch {bookId} bietet sein Original-PDF nicht zum Download an, daher kann ein neues Projekt seine Seiten nicht erhalten: den PDF-Download in seinen Download-Einstellungen einschalten oder in das Projekt pullen, aus dem es hochgeladen wurde.",
  syncAlreadyOnline:
    "dieses Projekt ist bereits als Buch {bookId} online: --overwrite {bookId} aktualisiert es (dieser Upload erstellt ein neues Buch)",
  attachmentMissing: "der Anhang {file} ist nicht im Projektordner",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
