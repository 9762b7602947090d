/**
 * The book folder's format for its readers (the gateway, the desktop tool): the manifest and how it becomes the
 * reader's book.json. Exported as `@turnleaf/conversion/manifest`; pure, it loads no renderer.
 */
export { bookKeys, isManifest, type Manifest, type ManifestPage, type OutlineEntry } from "./domain/manifest.js";
export { landedPages, type ReaderBook, type ReaderLock, readerBook } from "./domain/reader-book.js";
export { thumbQuality, thumbWidthPx } from "./domain/renditions.js";
