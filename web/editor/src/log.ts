import pino from "pino";

/**
 * The editor's log: pino's browser build, which writes to the browser's console (the editor has no log service of
 * its own; what users must see goes through the alerts, what support must see through add-upload-log).
 */
export const log = pino({ level: "warn", browser: { asObject: false } });
