import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in French. */
export const fr: CliTexts = {
  // every command
  unknownLanguage: "Langue d’interface non prise en charge : {lang}. Disponibles : {languages}",
  unknownCommand: "commande inconnue : {name}",
  unexpectedArgument: "argument inattendu : {argument}",
  unexpectedFailure: "échec inattendu : {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "Le livre en ligne {bookId} a changé depuis la dernière synchronisation de ce projet : {changes}. Rien n'a été écrasé : faites d'abord un pull, ou téléversez à nouveau avec --force.",
  syncChangedLocally:
    "Le projet a changé depuis sa dernière synchronisation avec le livre en ligne {bookId} : {changes}. Rien n'a été écrasé : téléversez-le d'abord, ou refaites le pull avec --force.",
  syncNeverSynced:
    "{dir} contient un autre projet, jamais synchronisé avec le livre en ligne {bookId} : faites le pull dans un nouveau dossier, ou donnez --force pour remplacer sa configuration.",
  syncUploaded:
    "tout le projet est sur le livre en ligne : réglages, sommaire, signets, langues, mot de passe, téléchargements, médias",
  syncOverwriteUnsynced: "écrasement du livre en ligne {bookId}, jamais synchronisé avec ce projet",
  pullDone: "le livre en ligne {bookId} a été récupéré dans {dir}",
  pullPasswordUnknown:
    "le livre en ligne est protégé par un mot de passe qui ne peut pas être relu : définissez-le dans le projet avant de publier hors ligne",
  pullPagesChanged:
    "les pages du livre en ligne viennent d'une conversion plus récente (révision {revision}) : importez à nouveau son PDF pour les nouvelles pages",
  pullUsage: "turnleaf pull <id du livre> --out <dossier du projet> [--force]",
  offlinePasswordNote:
    "le mot de passe d'un livre hors ligne n'est vérifié que dans le navigateur et ne protège pas vraiment : ses fichiers restent lisibles",
  pullNoOriginal:
    "Le livre en ligne {bookId} ne propose pas le téléchargement de son PDF d'origine, un nouveau projet ne peut donc pas obtenir ses pages : activez le téléchargement du PDF dans ses réglages de téléchargement, ou faites le pull dans le projet d'où il a été téléversé.",
  syncAlreadyOnline:
    "ce projet est déjà en ligne comme le livre {bookId} : --overwrite {bookId} le met à jour (ce téléversement crée un nouveau livre)",
  attachmentMissing: "la pièce jointe {file} n'est pas dans le dossier du projet",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
