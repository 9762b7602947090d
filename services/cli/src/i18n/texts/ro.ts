import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Romanian. */
export const ro: CliTexts = {
  // every command
  unknownLanguage: "Limbă de interfață neacceptată: {lang}. Disponibile: {languages}",
  unknownCommand: "comandă necunoscută: {name}",
  unexpectedArgument: "argument neașteptat: {argument}",
  unexpectedFailure: "eroare neașteptată: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "Cartea online {bookId} s-a schimbat de la ultima sincronizare a acestui proiect: {changes}. Nu s-a suprascris nimic: faceți întâi pull sau încărcați din nou cu --force.",
  syncChangedLocally:
    "Proiectul s-a schimbat de la ultima sincronizare cu cartea online {bookId}: {changes}. Nu s-a suprascris nimic: încărcați-l întâi sau faceți din nou pull cu --force.",
  syncNeverSynced:
    "{dir} conține alt proiect, niciodată sincronizat cu cartea online {bookId}: faceți pull într-un dosar nou sau dați --force pentru a-i înlocui configurația.",
  syncUploaded:
    "întregul proiect este pe cartea online: setări, cuprins, semne de carte, limbi, parolă, descărcări, media",
  syncOverwriteUnsynced: "se suprascrie cartea online {bookId}, niciodată sincronizată cu acest proiect",
  pullDone: "cartea online {bookId} a fost adusă în {dir}",
  pullPasswordUnknown:
    "cartea online este protejată cu parolă, iar parola nu poate fi citită înapoi: setați-o în proiect înainte de publicarea offline",
  pullPagesChanged:
    "paginile cărții online provin dintr-o conversie mai nouă (revizia {revision}): importați din nou PDF-ul pentru paginile noi",
  pullUsage: "turnleaf pull <id carte> --out <dosarul proiectului> [--force]",
  offlinePasswordNote:
    "parola unei cărți offline este verificată doar în browser și nu este o protecție reală: fișierele ei pot fi citite",
  pullNoOriginal:
    "Cartea online {bookId} nu oferă descărcarea PDF-ului original, deci un proiect nou nu îi poate obține paginile: activați descărcarea PDF în setările de descărcare sau faceți pull în proiectul din care a fost încărcată.",
  syncAlreadyOnline:
    "acest proiect este deja online ca și cartea {bookId}: --overwrite {bookId} o actualizează (această încărcare creează o carte nouă)",
  attachmentMissing: "atașamentul {file} nu este în dosarul proiectului",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
