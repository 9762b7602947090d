/**
 * The licence service for a process that hosts it beside others (the in-process tests): its configuration reader,
 * its desks on a given database, the operator's command and its gRPC services. Exported as
 * `@turnleaf/licence/in-process`; importing it starts nothing.
 */

export { assembleLicenceDesk, type LicenceSettings } from "./assemble.js";
export { runLicenceCommand } from "./command.js";
export { readConfig } from "./config.js";
export type { LicenceDesk } from "./handlers/licence-desk.js";
export { buildServices } from "./server.js";
