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
  pageAudioUsage:
    "utilização: turnleaf project audio <project dir> [<page> --tts TEXT [--voice zh|en] [--speed 80-450] | <page> --mp3 FILE [--text CAPTION] | <page>|all --clear] [--caption off|top|bottom] [--auto-flip on|off] [--pause 0-60] [--pause-without-audio on|off]",
  pageAudioOneSource: "escolha apenas uma de --tts, --mp3 ou --clear",
  pageAudioBadPage: "a página {page} não é uma página deste projeto (1–{count})",
  pageAudioTextRequired: "introduza o texto a ler",
  pageAudioTextTooLong: "o texto tem no máximo {max} caracteres",
  pageAudioBadVoice: "a voz deve ser uma de {voices}",
  pageAudioBadSpeed: "a velocidade deve ser de {min} a {max} palavras por minuto",
  pageAudioBadCaption: "a legenda deve ser off, top ou bottom",
  pageAudioBadPause: "a pausa deve ser de 0 a {max} segundos",
  pageAudioBadSwitch: "{option} deve ser on ou off",
  pageAudioNotMp3: "{file} não é um ficheiro MP3",
  pageAudioTooLarge: "{file} é maior do que {max}",
  pageAudioNoSpeech:
    "ler texto precisa de espeak-ng e lame (ou ffmpeg): instale-os (Debian: apt-get install espeak-ng lame)",
  pageAudioSpeechFailed: "não foi possível gerar a voz: {reason}",
  pageAudioSet: "página {page}: áudio guardado ({file})",
  pageAudioCleared: "áudio apagado de {count} páginas",
  pageAudioPlaySaved: "definições de reprodução guardadas",
  pageAudioNone: "nenhuma página tem áudio",
  pageAudioLine: "página {page}: {file}, {text}",
  pageAudioPlayLine:
    "virar após o áudio: {autoFlip}; pausa {pause} s; pausar em páginas sem áudio: {pauseWithoutAudio}",

  // payments and the account info (#38)
  accountPlanLine: "Plano: {plan}",
  accountPointsLine: "Pontos: {points}",
  accountExpiryLine: "VIP expira em: {date}",
  accountRemainingLine: "Dias restantes: {days}",
  accountHostedLine: "Livros alojados: {count} ({suspended} desativados)",
  accountBuyLine: "Renovar, comprar pontos ou VIP: {url}",
  accountLedgerTitle: "Movimentos:",
  accountReceiptLink: "recibo: {url}",
  accountPlanFree: "Gratuito",
  accountPlanPoints: "Pontos",
  accountPlanVipMonthly: "VIP mensal",
  accountPlanVipAnnual: "VIP anual",
  accountAutoRenew: "Renova automaticamente",
  accountPastDue:
    "A renovação falhou: atualize o método de pagamento, ou os seus livros serão desativados 24 horas após o fim do VIP",
  accountLedgerEmpty: "Ainda nada",
  accountKindFreePoints: "Pontos grátis",
  accountKindPurchasePoints: "Compra de pontos",
  accountKindPurchaseVip: "Compra de VIP",
  accountKindRenewVip: "VIP renovado",
  accountKindRefund: "Reembolso",
  accountKindChargeback: "Estorno",
  accountKindHostingCharge: "Alojamento",
  accountKindRenewalFailed: "Renovação falhou",
  accountKindSubscriptionEnded: "Assinatura terminada",
  accountKindSetPlan: "Alterado pelo suporte",
};
