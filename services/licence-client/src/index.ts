export * from "./codes.js";
export { canonicalJson } from "./encoding.js";
export * from "./licence-answer.js";
export * from "./licence-code.js";
export * from "./offline-request.js";
export * from "./reply.js";
export * from "./terminal-code.js";
export * from "./verify.js";
