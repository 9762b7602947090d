/**
 * @turnleaf/book-format: how a converted book is stored and read. The conversion service writes it; the gateway
 * and the desktop tool (turnleaf import, publish) read it. Pure: importing it loads no renderer and starts nothing.
 */
export {
  type BookLink,
  type Box,
  bookKeys,
  type EngineName,
  type ImageFormat,
  isManifest,
  type Manifest,
  type ManifestPage,
  manifestFormat,
  type OutlineEntry,
  type PagePart,
} from "./manifest.js";
export {
  landedPages,
  type ReaderBook,
  type ReaderBookOptions,
  type ReaderLock,
  type ReaderOutlineItem,
  readerBook,
} from "./reader-book.js";
export { thumbQuality, thumbWidthPx } from "./renditions.js";
