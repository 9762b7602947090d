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

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing:
    "{tool} ist nicht installiert: Installieren Sie das Debian-Paket {package} (scripts/setup.sh tut es)",
  nativeToolFailed: "{tool} ist fehlgeschlagen: {detail}",
  nativePublishFailed: "Veröffentlichen als {format} fehlgeschlagen: {detail}",
  nativeWindowMode: "--window muss maximized, fullscreen oder custom sein (nicht {mode})",
  nativeWindowSize: "--window custom braucht --width und --height, ganze Pixel von 200 bis 10000",
  nativeSmaliMissing: "Der dex-Assembler smali liegt nicht in {dir}: Führen Sie scripts/install-smali.sh aus",
  nativePublished: "veröffentlicht: {file} ({size} Bytes)",
  apkNameRequired: "Der Name ist erforderlich",
  apkIdFormat: "Formatfehler der Anwendungs-ID",
  apkIdChanged: "Formatfehler der Anwendungs-ID: Ein Update behält die Anwendungs-ID {id}",
  apkVersionNumber: "Die Versionsnummer muss eine positive ganze Zahl sein",
  apkVersionNotNext: "Die Versionsnummer muss gegenüber der letzten ({last}) um 1 steigen: {expected}",
  apkVersionNameRequired: "Der Versionsname ist erforderlich (z. B. 1.0, 2.1)",
  apkSignatureRequired:
    "Ein APK muss signiert werden: --signature NAME und --signature-password PASSWORT (turnleaf signature list zeigt Ihre)",
  signatureOrPassword: "Signatur- oder Passwortfehler",
  signatureLogin: "Signaturen werden in Ihrem Konto aufbewahrt: Führen Sie zuerst turnleaf login aus",
  signatureUsage:
    "Aufruf: turnleaf signature create --name N --validity JAHRE [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "Der Name der Signatur ist erforderlich",
  signatureValidity: "Die Gültigkeit muss eine ganze Zahl von Jahren zwischen 1 und 100 sein",
  signaturePasswordPrompt: "Passwort der Signatur: ",
  signatureConfirmPrompt: "Passwort bestätigen: ",
  signaturePasswordShort: "Muss mindestens 6 Zeichen enthalten!",
  signaturePasswordMismatch: "Die beiden Passwörter stimmen nicht überein",
  signatureCountryCode: "Der Ländercode muss aus zwei Buchstaben bestehen, z. B. CN",
  signatureCreated: "Signatur erstellt: {name}, gültig bis {validUntil}",
  signatureNone: "noch keine Signaturen: Erstellen Sie eine mit turnleaf signature create",
  signatureOptionNeeded: "{option} ist erforderlich (gefragt wird nur in einem Terminal)",

  // page audio (#37)

  // payments and the account info (#38)
};
