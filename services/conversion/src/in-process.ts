/**
 * The conversion service for a process that hosts it beside others (the in-process tests): its configuration reader,
 * the job consumer on a given store and bus with its subjects, the book store, the render pool under its budgets,
 * the work folder, the office sandbox's checks, the failure texts and the OCR metric. The render engine itself is
 * `@turnleaf/conversion/render`. Exported as `@turnleaf/conversion/in-process`; importing it starts nothing.
 */

export { readConfig } from "./config.js";
export { BookStore } from "./data/book-store.js";
export { failureInEnglish, failureMessages } from "./domain/failures.js";
export type { PageText } from "./domain/page-content.js";
export { type JobConsumerOptions, startJobConsumer } from "./events/job-consumer.js";
export type { JobSubjects } from "./events/job-subjects.js";
export { ocrPages } from "./metrics.js";
export { packageLimits } from "./office/package-check.js";
export { detectIsolation } from "./office/sandbox.js";
export { createGuardedPool, RenderBudgetError } from "./pipeline/guarded-pool.js";
export { openWorkFolder } from "./pipeline/work-folder.js";
