import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in French. */
export const fr: CliTexts = {
  // every command
  unknownLanguage: "Langue d’interface non prise en charge : {lang}. Disponibles : {languages}",
  unknownCommand: "commande inconnue : {name}",
  unexpectedArgument: "argument inattendu : {argument}",
  unexpectedFailure: "échec inattendu : {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} n’est pas installé : installez le paquet Debian {package} (scripts/setup.sh le fait)",
  nativeToolFailed: "{tool} a échoué : {detail}",
  nativePublishFailed: "La publication {format} a échoué : {detail}",
  nativeWindowMode: "--window doit valoir maximized, fullscreen ou custom (pas {mode})",
  nativeWindowSize: "--window custom demande --width et --height, en pixels entiers de 200 à 10000",
  nativeSmaliMissing: "l’assembleur dex smali n’est pas dans {dir} : lancez scripts/install-smali.sh",
  nativePublished: "publié : {file} ({size} octets)",
  apkNameRequired: "Le nom est obligatoire",
  apkIdFormat: "Erreur de format de l’ID d’application",
  apkIdChanged: "Erreur de format de l’ID d’application : une mise à jour garde l’ID d’application {id}",
  apkVersionNumber: "Le numéro de version doit être un nombre entier positif",
  apkVersionNotNext: "Le numéro de version doit augmenter de 1 par rapport au dernier ({last}) : {expected}",
  apkVersionNameRequired: "Le nom de version est obligatoire (par ex. 1.0, 2.1)",
  apkSignatureRequired:
    "Un APK doit être signé : --signature NOM et --signature-password MOT_DE_PASSE (turnleaf signature list affiche les vôtres)",
  signatureOrPassword: "Erreur de signature ou de mot de passe",
  signatureLogin: "Les signatures sont conservées dans votre compte : lancez d’abord turnleaf login",
  signatureUsage:
    "usage : turnleaf signature create --name N --validity ANNÉES [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "Le nom de la signature est obligatoire",
  signatureValidity: "La validité doit être un nombre entier d’années de 1 à 100",
  signaturePasswordPrompt: "Mot de passe de la signature : ",
  signatureConfirmPrompt: "Confirmez le mot de passe : ",
  signaturePasswordShort: "Doit contenir au moins 6 caractères !",
  signaturePasswordMismatch: "Les deux mots de passe ne correspondent pas",
  signatureCountryCode: "Le code pays doit comporter deux lettres, par exemple CN",
  signatureCreated: "signature créée : {name}, valable jusqu’au {validUntil}",
  signatureNone: "aucune signature : créez-en une avec turnleaf signature create",
  signatureOptionNeeded: "{option} est obligatoire (la question n’est posée que dans un terminal)",

  // page audio (#37)
  pageAudioUsage:
    "utilisation : turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "choisissez une seule option parmi --tts, --mp3 ou --clear",
  pageAudioBadPage: "la page {page} n'est pas une page de ce projet (1–{count})",
  pageAudioTextRequired: "veuillez saisir le texte à lire",
  pageAudioTextTooLong: "le texte compte au plus {max} caractères",
  pageAudioBadVoice: "la voix doit être l'une de {voices}",
  pageAudioBadSpeed: "la vitesse doit être de {min} à {max} mots par minute",
  pageAudioBadCaption: "le sous-titre doit être off, top ou bottom",
  pageAudioBadPause: "la pause doit être de 0 à {max} secondes",
  pageAudioBadSwitch: "{option} doit valoir on ou off",
  pageAudioNotMp3: "{file} n'est pas un fichier MP3",
  pageAudioTooLarge: "{file} dépasse {max}",
  pageAudioNoSpeech:
    "lire un texte demande espeak-ng et lame (ou ffmpeg) : installez-les (Debian : apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "la voix n'a pas pu être générée : {reason}",
  pageAudioSet: "page {page} : audio enregistré ({file})",
  pageAudioCleared: "audio effacé de {count} pages",
  pageAudioPlaySaved: "réglages de lecture enregistrés",
  pageAudioNone: "aucune page n'a d'audio",
  pageAudioLine: "page {page} : {file}, {text}",
  pageAudioPlayLine:
    "tourner après l'audio : {autoFlip} ; pause {pause} s ; pause sur les pages sans audio : {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "Formule : {plan}",
  accountPointsLine: "Points : {points}",
  accountExpiryLine: "VIP expire le : {date}",
  accountRemainingLine: "Jours restants : {days}",
  accountHostedLine: "Livres hébergés : {count} ({suspended} désactivés)",
  accountBuyLine: "Renouveler, acheter des points ou le VIP : {url}",
  accountLedgerTitle: "Historique :",
  accountReceiptLink: "reçu : {url}",
  accountPlanFree: "Gratuit",
  accountPlanPoints: "Points",
  accountPlanVipMonthly: "VIP mensuel",
  accountPlanVipAnnual: "VIP annuel",
  accountAutoRenew: "Renouvellement automatique",
  accountPastDue:
    "Échec du renouvellement : mettez à jour votre moyen de paiement, sinon vos livres seront désactivés 24 heures après la fin du VIP",
  accountLedgerEmpty: "Rien pour l''instant",
  accountKindFreePoints: "Points offerts",
  accountKindPurchasePoints: "Achat de points",
  accountKindPurchaseVip: "Achat du VIP",
  accountKindRenewVip: "VIP renouvelé",
  accountKindRefund: "Remboursement",
  accountKindChargeback: "Rétrofacturation",
  accountKindHostingCharge: "Hébergement",
  accountKindRenewalFailed: "Échec du renouvellement",
  accountKindSubscriptionEnded: "Abonnement terminé",
  accountKindSetPlan: "Modifié par le support",
};
