/**
 * The desktop tool's steps for a process that runs them beside others (the in-process tests): reading a project
 * folder, writing its flip book, and the tool's message catalogue. Exported as `@turnleaf/cli/in-process`; importing
 * it starts nothing (main.ts does not import it).
 */

export { writeFlipBook } from "./flip-book.js";
export { translator } from "./i18n/translate.js";
export { readProject } from "./project.js";
