import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Spanish. */
export const es: CliTexts = {
  unknownLanguage: "Idioma de interfaz no admitido: {lang}. Disponibles: {languages}",
  unknownCommand: "comando desconocido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "fallo inesperado: {message}",
  networkError: "Network Error!",
};
