/**
 * The language service for a process that hosts it beside others (the in-process tests): its configuration reader,
 * its catalogues on a given database, the label files they load and its gRPC services. Exported as
 * `@turnleaf/language/in-process`; importing it starts nothing.
 */

export { assembleLanguage } from "./assemble.js";
export { readConfig } from "./config.js";
export { labelDirectories, loadLabelScopes } from "./data/label-files.js";
export { interfaceLanguages } from "./domain/interface-languages.js";
export { buildServices } from "./server.js";
