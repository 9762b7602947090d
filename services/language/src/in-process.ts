/**
 * The language service for a process that hosts it beside others (the in-process tests): its catalogues on a given
 * database and its gRPC services. Exported as `@turnleaf/language/in-process`; importing it starts nothing.
 */

export { assembleLanguage } from "./assemble.js";
export { interfaceLanguages } from "./domain/interface-languages.js";
export { buildServices } from "./server.js";
