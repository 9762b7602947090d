import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Spanish. */
export const es: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interfaz no admitido: {lang}. Disponibles: {languages}",
  unknownCommand: "comando desconocido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "fallo inesperado: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} no está instalado: instale el paquete Debian {package} (scripts/setup.sh lo hace)",
  nativeToolFailed: "{tool} falló: {detail}",
  nativePublishFailed: "Error al publicar {format}: {detail}",
  nativeWindowMode: "--window debe ser maximized, fullscreen o custom (no {mode})",
  nativeWindowSize: "--window custom necesita --width y --height, en píxeles enteros de 200 a 10000",
  nativeSmaliMissing: "el ensamblador dex smali no está en {dir}: ejecute scripts/install-smali.sh",
  nativePublished: "publicado: {file} ({size} bytes)",
  apkNameRequired: "El nombre es obligatorio",
  apkIdFormat: "Error de formato del ID de aplicación",
  apkIdChanged: "Error de formato del ID de aplicación: una actualización conserva el ID de aplicación {id}",
  apkVersionNumber: "El número de versión debe ser un número entero positivo",
  apkVersionNotNext: "El número de versión debe subir 1 respecto al último ({last}): {expected}",
  apkVersionNameRequired: "El nombre de versión es obligatorio (p. ej. 1.0, 2.1)",
  apkSignatureRequired:
    "Un APK debe firmarse: --signature NOMBRE y --signature-password CONTRASEÑA (turnleaf signature list muestra las suyas)",
  signatureOrPassword: "Error de firma o contraseña",
  signatureLogin: "Las firmas se guardan en su cuenta: ejecute primero turnleaf login",
  signatureUsage:
    "uso: turnleaf signature create --name N --validity AÑOS [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "El nombre de la firma es obligatorio",
  signatureValidity: "La validez debe ser un número entero de años entre 1 y 100",
  signaturePasswordPrompt: "Contraseña de la firma: ",
  signatureConfirmPrompt: "Confirme la contraseña: ",
  signaturePasswordShort: "¡Debe contener al menos 6 caracteres!",
  signaturePasswordMismatch: "Las dos contraseñas no coinciden",
  signatureCountryCode: "El código de país debe tener dos letras, como CN",
  signatureCreated: "firma creada: {name}, válida hasta {validUntil}",
  signatureNone: "aún no hay firmas: cree una con turnleaf signature create",
  signatureOptionNeeded: "{option} es obligatorio (solo se pregunta en un terminal)",

  // page audio (#37)
  pageAudioUsage:
    "uso: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "elija solo una de --tts, --mp3 o --clear",
  pageAudioBadPage: "la página {page} no es una página de este proyecto (1–{count})",
  pageAudioTextRequired: "introduzca el texto que se leerá",
  pageAudioTextTooLong: "el texto tiene como máximo {max} caracteres",
  pageAudioBadVoice: "la voz debe ser una de {voices}",
  pageAudioBadSpeed: "la velocidad debe ser de {min} a {max} palabras por minuto",
  pageAudioBadCaption: "el subtítulo debe ser off, top o bottom",
  pageAudioBadPause: "la pausa debe ser de 0 a {max} segundos",
  pageAudioBadSwitch: "{option} debe ser on u off",
  pageAudioNotMp3: "{file} no es un archivo MP3",
  pageAudioTooLarge: "{file} supera {max}",
  pageAudioNoSpeech:
    "leer texto necesita espeak-ng y lame (o ffmpeg): instálelos (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "no se pudo generar la voz: {reason}",
  pageAudioSet: "página {page}: audio guardado ({file})",
  pageAudioCleared: "audio borrado de {count} páginas",
  pageAudioPlaySaved: "ajustes de reproducción guardados",
  pageAudioNone: "ninguna página tiene audio",
  pageAudioLine: "página {page}: {file}, {text}",
  pageAudioPlayLine:
    "pasar tras el audio: {autoFlip}; pausa {pause} s; pausar en páginas sin audio: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "Plan: {plan}",
  accountPointsLine: "Puntos: {points}",
  accountExpiryLine: "VIP vence: {date}",
  accountRemainingLine: "Días restantes: {days}",
  accountHostedLine: "Libros alojados: {count} ({suspended} desactivados)",
  accountBuyLine: "Renovar, comprar puntos o VIP: {url}",
  accountLedgerTitle: "Movimientos:",
  accountReceiptLink: "recibo: {url}",
  accountPlanFree: "Gratis",
  accountPlanPoints: "Puntos",
  accountPlanVipMonthly: "VIP mensual",
  accountPlanVipAnnual: "VIP anual",
  accountAutoRenew: "Se renueva automáticamente",
  accountPastDue:
    "La renovación falló: actualice su método de pago o sus libros se desactivarán 24 horas después de que termine el VIP",
  accountLedgerEmpty: "Nada todavía",
  accountKindFreePoints: "Puntos gratis",
  accountKindPurchasePoints: "Compra de puntos",
  accountKindPurchaseVip: "Compra de VIP",
  accountKindRenewVip: "VIP renovado",
  accountKindRefund: "Reembolso",
  accountKindChargeback: "Contracargo",
  accountKindHostingCharge: "Alojamiento",
  accountKindRenewalFailed: "Renovación fallida",
  accountKindSubscriptionEnded: "Suscripción finalizada",
  accountKindSetPlan: "Ajustado por soporte",
};
