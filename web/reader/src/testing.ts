/**
 * The reader's logic apart from its views, for the tests that check it in Node: a book as the reader takes it with
 * its default settings, the htmlconfig handlers and the editor's live preview. Exported as
 * `@turnleaf/reader/testing` ("source" condition only: the reader's build is a browser bundle, not modules); the
 * app never imports it.
 */

export { defaultSettings, type ReaderBook, type ReaderSettings, readyBook } from "./book.js";
export { htmlConfigHandlers } from "./htmlconfig.js";
export { applyPreview } from "./preview.js";
