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
  pageAudioUsage:
    "Aufruf: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "bitte genau eine von --tts, --mp3 oder --clear wählen",
  pageAudioBadPage: "Seite {page} ist keine Seite dieses Projekts (1–{count})",
  pageAudioTextRequired: "bitte den zu sprechenden Text eingeben",
  pageAudioTextTooLong: "der Text hat höchstens {max} Zeichen",
  pageAudioBadVoice: "die Stimme muss eine von {voices} sein",
  pageAudioBadSpeed: "die Geschwindigkeit muss {min} bis {max} Wörter pro Minute betragen",
  pageAudioBadCaption: "der Untertitel muss off, top oder bottom sein",
  pageAudioBadPause: "die Pause muss 0 bis {max} Sekunden betragen",
  pageAudioBadSwitch: "{option} muss on oder off sein",
  pageAudioNotMp3: "{file} ist keine MP3-Datei",
  pageAudioTooLarge: "{file} ist größer als {max}",
  pageAudioNoSpeech:
    "zum Sprechen von Text werden espeak-ng und lame (oder ffmpeg) gebraucht: bitte installieren (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "die Sprache konnte nicht erzeugt werden: {reason}",
  pageAudioSet: "Seite {page}: Audio gespeichert ({file})",
  pageAudioCleared: "Audio von {count} Seiten gelöscht",
  pageAudioPlaySaved: "Wiedergabe gespeichert",
  pageAudioNone: "keine Seite hat Audio",
  pageAudioLine: "Seite {page}: {file}, {text}",
  pageAudioPlayLine:
    "nach dem Audio umblättern: {autoFlip}; Pause {pause} s; auf Seiten ohne Audio anhalten: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "Tarif: {plan}",
  accountPointsLine: "Punkte: {points}",
  accountExpiryLine: "VIP läuft ab: {date}",
  accountRemainingLine: "Verbleibende Tage: {days}",
  accountHostedLine: "Gehostete Bücher: {count} ({suspended} deaktiviert)",
  accountBuyLine: "Verlängern, Punkte oder VIP kaufen: {url}",
  accountLedgerTitle: "Buchungen:",
  accountReceiptLink: "Beleg: {url}",
  accountPlanFree: "Kostenlos",
  accountPlanPoints: "Punkte",
  accountPlanVipMonthly: "VIP monatlich",
  accountPlanVipAnnual: "VIP jährlich",
  accountAutoRenew: "Verlängert sich automatisch",
  accountPastDue:
    "Verlängerung fehlgeschlagen: Aktualisieren Sie Ihre Zahlungsmethode, sonst werden Ihre Bücher 24 Stunden nach Ende des VIP-Tarifs deaktiviert",
  accountLedgerEmpty: "Noch nichts",
  accountKindFreePoints: "Gratispunkte",
  accountKindPurchasePoints: "Punktekauf",
  accountKindPurchaseVip: "VIP-Kauf",
  accountKindRenewVip: "VIP verlängert",
  accountKindRefund: "Erstattung",
  accountKindChargeback: "Rückbuchung",
  accountKindHostingCharge: "Hosting",
  accountKindRenewalFailed: "Verlängerung fehlgeschlagen",
  accountKindSubscriptionEnded: "Abo beendet",
  accountKindSetPlan: "Vom Support gesetzt",
};
