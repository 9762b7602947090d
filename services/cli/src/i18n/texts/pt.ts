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
  syncChangedOnline:
    "O livro online {bookId} mudou desde a última sincronização deste projeto: {changes}. Nada foi sobrescrito: faça pull primeiro ou envie novamente com --force.",
  syncChangedLocally:
    "O projeto mudou desde a última sincronização com o livro online {bookId}: {changes}. Nada foi sobrescrito: envie-o primeiro ou faça pull novamente com --force.",
  syncNeverSynced:
    "{dir} contém outro projeto, nunca sincronizado com o livro online {bookId}: faça pull para uma nova pasta ou use --force para substituir a configuração.",
  syncUploaded:
    "o projeto inteiro está no livro online: configurações, sumário, marcadores, idiomas, senha, downloads, mídia",
  syncOverwriteUnsynced: "sobrescrevendo o livro online {bookId}, nunca sincronizado com este projeto",
  pullDone: "o livro online {bookId} foi trazido para {dir}",
  pullPasswordUnknown:
    "o livro online é protegido por senha e a senha não pode ser lida de volta: defina-a no projeto antes de publicar offline",
  pullPagesChanged:
    "as páginas do livro online são de uma conversão mais recente (revisão {revision}): importe o PDF novamente para as novas páginas",
  pullUsage: "turnleaf pull <id do livro> --out <pasta do projeto> [--force]",
  offlinePasswordNote:
    "a senha de um livro offline é verificada apenas no navegador e não é proteção real: os arquivos podem ser lidos",
  pullNoOriginal:
    "O livro online {bookId} não oferece o download do PDF original, então um novo projeto não pode obter suas páginas: ative o download do PDF nas configurações de download ou faça pull para o projeto de onde ele foi enviado.",
  syncAlreadyOnline:
    "este projeto já está online como o livro {bookId}: --overwrite {bookId} o atualiza (este envio cria um novo livro)",
  attachmentMissing: "o anexo {file} não está na pasta do projeto",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
