/**
 * The insight service for a process that hosts it beside others (the in-process tests): its repositories on a given
 * database and its gRPC services. Exported as `@turnleaf/insight/in-process`; importing it starts nothing.
 */

export { assembleInsight } from "./assemble.js";
export { buildServices } from "./server.js";
