/**
 * The upload service for a process that hosts it beside others (the in-process tests): its configuration reader,
 * its desk on given stores and peers with its expiry sweep, and its gRPC services. Exported as
 * `@turnleaf/upload/in-process`; importing it starts nothing.
 */

export { assembleUploadDesk, startExpirySweep } from "./assemble.js";
export { readConfig } from "./config.js";
export { powerUploadAllowance } from "./domain/upload-allowance.js";
export type { UploadDesk } from "./handlers/upload-desk.js";
export { buildServices } from "./server.js";
