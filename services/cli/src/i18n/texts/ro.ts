import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Romanian. */
export const ro: CliTexts = {
  // every command
  unknownLanguage: "Limbă de interfață neacceptată: {lang}. Disponibile: {languages}",
  unknownCommand: "comandă necunoscută: {name}",
  unexpectedArgument: "argument neașteptat: {argument}",
  unexpectedFailure: "eroare neașteptată: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} nu este instalat: instalați pachetul Debian {package} (scripts/setup.sh o face)",
  nativeToolFailed: "{tool} a eșuat: {detail}",
  nativePublishFailed: "Publicarea {format} a eșuat: {detail}",
  nativeWindowMode: "--window trebuie să fie maximized, fullscreen sau custom (nu {mode})",
  nativeWindowSize: "--window custom necesită --width și --height, pixeli întregi de la 200 la 10000",
  nativeSmaliMissing: "asamblorul dex smali nu este în {dir}: rulați scripts/install-smali.sh",
  nativePublished: "publicat: {file} ({size} octeți)",
  apkNameRequired: "Numele este obligatoriu",
  apkIdFormat: "Eroare de format a ID-ului aplicației",
  apkIdChanged: "Eroare de format a ID-ului aplicației: o actualizare păstrează ID-ul aplicației {id}",
  apkVersionNumber: "Numărul versiunii trebuie să fie un număr întreg pozitiv",
  apkVersionNotNext: "Numărul versiunii trebuie să crească cu 1 față de ultimul ({last}): {expected}",
  apkVersionNameRequired: "Numele versiunii este obligatoriu (de ex. 1.0, 2.1)",
  apkSignatureRequired:
    "Un APK trebuie semnat: --signature NUME și --signature-password PAROLĂ (turnleaf signature list le arată pe ale dvs.)",
  signatureOrPassword: "Eroare de semnătură sau parolă",
  signatureLogin: "Semnăturile sunt păstrate în contul dvs.: rulați mai întâi turnleaf login",
  signatureUsage:
    "utilizare: turnleaf signature create --name N --validity ANI [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "Numele semnăturii este obligatoriu",
  signatureValidity: "Valabilitatea trebuie să fie un număr întreg de ani, de la 1 la 100",
  signaturePasswordPrompt: "Parola semnăturii: ",
  signatureConfirmPrompt: "Confirmați parola: ",
  signaturePasswordShort: "Trebuie să conțină cel puțin 6 caractere!",
  signaturePasswordMismatch: "Cele două parole nu se potrivesc",
  signatureCountryCode: "Codul țării trebuie să aibă două litere, de exemplu CN",
  signatureCreated: "semnătură creată: {name}, valabilă până la {validUntil}",
  signatureNone: "nicio semnătură încă: creați una cu turnleaf signature create",
  signatureOptionNeeded: "{option} este obligatoriu (se întreabă doar într-un terminal)",

  // page audio (#37)
  pageAudioUsage:
    "utilizare: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "alegeți doar una dintre --tts, --mp3 sau --clear",
  pageAudioBadPage: "pagina {page} nu este o pagină a acestui proiect (1–{count})",
  pageAudioTextRequired: "introduceți textul de citit",
  pageAudioTextTooLong: "textul are cel mult {max} caractere",
  pageAudioBadVoice: "vocea trebuie să fie una dintre {voices}",
  pageAudioBadSpeed: "viteza trebuie să fie între {min} și {max} cuvinte pe minut",
  pageAudioBadCaption: "subtitrarea trebuie să fie off, top sau bottom",
  pageAudioBadPause: "pauza trebuie să fie între 0 și {max} secunde",
  pageAudioBadSwitch: "{option} trebuie să fie on sau off",
  pageAudioNotMp3: "{file} nu este un fișier MP3",
  pageAudioTooLarge: "{file} depășește {max}",
  pageAudioNoSpeech:
    "citirea textului are nevoie de espeak-ng și lame (sau ffmpeg): instalați-le (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "vocea nu a putut fi generată: {reason}",
  pageAudioSet: "pagina {page}: audio salvat ({file})",
  pageAudioCleared: "audio șters de pe {count} pagini",
  pageAudioPlaySaved: "setările de redare au fost salvate",
  pageAudioNone: "nicio pagină nu are audio",
  pageAudioLine: "pagina {page}: {file}, {text}",
  pageAudioPlayLine:
    "întoarcere după audio: {autoFlip}; pauză {pause} s; pauză la paginile fără audio: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "Plan: {plan}",
  accountPointsLine: "Puncte: {points}",
  accountExpiryLine: "VIP expiră: {date}",
  accountRemainingLine: "Zile rămase: {days}",
  accountHostedLine: "Cărți găzduite: {count} ({suspended} dezactivate)",
  accountBuyLine: "Reînnoiți, cumpărați puncte sau VIP: {url}",
  accountLedgerTitle: "Istoric:",
  accountReceiptLink: "chitanță: {url}",
  accountPlanFree: "Gratuit",
  accountPlanPoints: "Puncte",
  accountPlanVipMonthly: "VIP lunar",
  accountPlanVipAnnual: "VIP anual",
  accountAutoRenew: "Se reînnoiește automat",
  accountPastDue:
    "Reînnoirea a eșuat: actualizați metoda de plată, altfel cărțile vor fi dezactivate la 24 de ore după încheierea VIP",
  accountLedgerEmpty: "Nimic încă",
  accountKindFreePoints: "Puncte gratuite",
  accountKindPurchasePoints: "Cumpărare puncte",
  accountKindPurchaseVip: "Cumpărare VIP",
  accountKindRenewVip: "VIP reînnoit",
  accountKindRefund: "Rambursare",
  accountKindChargeback: "Contestare plată",
  accountKindHostingCharge: "Găzduire",
  accountKindRenewalFailed: "Reînnoire eșuată",
  accountKindSubscriptionEnded: "Abonament încheiat",
  accountKindSetPlan: "Setat de asistență",
};
