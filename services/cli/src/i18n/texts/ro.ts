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

  // payments and the account info (#38)
};
