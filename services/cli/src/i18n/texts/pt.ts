import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Portuguese. */
export const pt: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interface não suportado: {lang}. Disponíveis: {languages}",
  unknownCommand: "comando desconhecido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "falha inesperada: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)
  nativeToolMissing: "{tool} não está instalado: instale o pacote Debian {package} (scripts/setup.sh instala)",
  nativeToolFailed: "{tool} falhou: {detail}",
  nativePublishFailed: "Falha ao publicar {format}: {detail}",
  nativeWindowMode: "--window deve ser maximized, fullscreen ou custom (não {mode})",
  nativeWindowSize: "--window custom precisa de --width e --height, em pixels inteiros de 200 a 10000",
  nativeSmaliMissing: "o montador dex smali não está em {dir}: execute scripts/install-smali.sh",
  nativePublished: "publicado: {file} ({size} bytes)",
  apkNameRequired: "O nome é obrigatório",
  apkIdFormat: "Erro de formato do ID do aplicativo",
  apkIdChanged: "Erro de formato do ID do aplicativo: uma atualização mantém o ID do aplicativo {id}",
  apkVersionNumber: "O número da versão deve ser um número inteiro positivo",
  apkVersionNotNext: "O número da versão deve subir 1 em relação ao último ({last}): {expected}",
  apkVersionNameRequired: "O nome da versão é obrigatório (ex.: 1.0, 2.1)",
  apkSignatureRequired:
    "Um APK precisa ser assinado: --signature NOME e --signature-password SENHA (turnleaf signature list mostra as suas)",
  signatureOrPassword: "Erro de assinatura ou senha",
  signatureLogin: "As assinaturas ficam na sua conta: execute turnleaf login primeiro",
  signatureUsage:
    "uso: turnleaf signature create --name N --validity ANOS [--password P --confirm P] [--unit U] [--organisation O] [--city C] [--state S] --country CN | turnleaf signature list",
  signatureNameRequired: "O nome da assinatura é obrigatório",
  signatureValidity: "A validade deve ser um número inteiro de anos de 1 a 100",
  signaturePasswordPrompt: "Senha da assinatura: ",
  signatureConfirmPrompt: "Confirme a senha: ",
  signaturePasswordShort: "Deve conter no mínimo 6 caracteres!",
  signaturePasswordMismatch: "As duas senhas não coincidem",
  signatureCountryCode: "O código do país deve ter duas letras, como CN",
  signatureCreated: "assinatura criada: {name}, válida até {validUntil}",
  signatureNone: "ainda não há assinaturas: crie uma com turnleaf signature create",
  signatureOptionNeeded: "{option} é obrigatório (só é perguntado em um terminal)",

  // page audio (#37)

  // payments and the account info (#38)
};
