/**
 * The upload service for a process that hosts it beside others (the in-process tests): its desk on given stores
 * and peers, and its gRPC services. Exported as `@turnleaf/upload/in-process`; importing it starts nothing.
 */

export { assembleUploadDesk } from "./assemble.js";
export { powerUploadAllowance } from "./domain/upload-allowance.js";
export { buildServices } from "./server.js";
