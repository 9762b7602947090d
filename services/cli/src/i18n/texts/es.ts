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

  // payments and the account info (#38)
};
