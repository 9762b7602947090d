import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in German. */
export const de: CliTexts = {
  unknownLanguage: "Nicht unterstützte Oberflächensprache: {lang}. Verfügbar: {languages}",
  unknownCommand: "unbekannter Befehl: {name}",
  unexpectedArgument: "unerwartetes Argument: {argument}",
  unexpectedFailure: "unerwarteter Fehler: {message}",
  networkError: "Network Error!",
};
