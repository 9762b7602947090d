import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Portuguese. */
export const pt: CliTexts = {
  unknownLanguage: "Idioma de interface não suportado: {lang}. Disponíveis: {languages}",
  unknownCommand: "comando desconhecido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "falha inesperada: {message}",
  networkError: "Network Error!",
};
