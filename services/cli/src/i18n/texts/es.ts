import type { CliTexts } from "./zh-CN.js";

/** The tool's texts in Spanish. */
export const es: CliTexts = {
  // every command
  unknownLanguage: "Idioma de interfaz no admitido: {lang}. Disponibles: {languages}",
  unknownCommand: "comando desconocido: {name}",
  unexpectedArgument: "argumento inesperado: {argument}",
  unexpectedFailure: "fallo inesperado: {message}",
  networkError: "Network Error!",

  // project, upload and pull (#34)
  syncChangedOnline:
    "El libro en línea {bookId} cambió desde la última sincronización de este proyecto: {changes}. No se sobrescribió nada: haga pull primero o vuelva a subirlo con --force.",
  syncChangedLocally:
    "El proyecto cambió desde su última sincronización con el libro en línea {bookId}: {changes}. No se sobrescribió nada: súbalo primero o vuelva a hacer pull con --force.",
  syncNeverSynced:
    "{dir} contiene otro proyecto, nunca sincronizado con el libro en línea {bookId}: haga pull en una carpeta nueva o use --force para reemplazar su configuración.",
  syncUploaded:
    "todo el proyecto está en el libro en línea: ajustes, índice, marcadores, idiomas, contraseña, descargas, multimedia",
  syncOverwriteUnsynced: "sobrescribiendo el libro en línea {bookId}, nunca sincronizado con este proyecto",
  pullDone: "el libro en línea {bookId} se trajo a {dir}",
  pullPasswordUnknown:
    "el libro en línea está protegido con contraseña y no se puede volver a leer: defínala en el proyecto antes de publicar sin conexión",
  pullPagesChanged:
    "las páginas del libro en línea son de una conversión más reciente (revisión {revision}): vuelva a importar su PDF para las páginas nuevas",
  pullUsage: "turnleaf pull <id del libro> --out <carpeta del proyecto> [--force]",
  offlinePasswordNote:
    "la contraseña de un libro sin conexión solo se comprueba en el navegador y no es una protección real: sus archivos se pueden leer",
  pullNoOriginal:
    "El libro en línea {bookId} no ofrece la descarga de su PDF original, así que un proyecto nuevo no puede obtener sus páginas: active la descarga del PDF en sus ajustes de descarga o haga pull en el proyecto desde el que se subió.",
  syncAlreadyOnline:
    "este proyecto ya está en línea como el libro {bookId}: --overwrite {bookId} lo actualiza (esta subida crea un libro nuevo)",
  attachmentMissing: "el adjunto {file} no está en la carpeta del proyecto",

  // design, account, registration, feedback and update check (#34)

  // native packages and signatures (#37)

  // page audio (#37)

  // payments and the account info (#38)
};
