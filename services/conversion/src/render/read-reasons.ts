/**
 * Why reading a source failed, as the catalogue key of the reason (`conversion.reason.*`, messages catalogues).
 * A reading error carries the key as its message: errors cross the worker-thread boundary as name and message
 * only, and the workers do not load the kit (failures.ts words the job's failure from the key).
 */
export const readReasons = {
  empty: "conversion.reason.empty",
  unknown: "conversion.reason.unknown",
  file: "conversion.reason.file",
  format: "conversion.reason.format",
  security: "conversion.reason.security",
  page: "conversion.reason.page",
  missing: "conversion.reason.missing",
} as const;

export const readReasonPrefix = "conversion.reason.";
