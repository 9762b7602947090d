import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in French. */
export const fr: CliTexts = {
  unknownLanguage: "Langue d’interface non prise en charge : {lang}. Disponibles : {languages}",
  unknownCommand: "commande inconnue : {name}",
  unexpectedArgument: "argument inattendu : {argument}",
  unexpectedFailure: "échec inattendu : {message}",
  networkError: "Network Error!",
};
