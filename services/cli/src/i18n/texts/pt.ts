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
