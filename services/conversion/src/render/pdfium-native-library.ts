/**
 * Where the native PDFium library is: the path given (config), else where scripts/install-pdfium.sh puts it
 * (~/.cache/turnleaf/pdfium/libpdfium.so). Undefined when there is none: the renderers then use WebAssembly.
 */
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { PdfiumChoice } from "./pdfium.js";

export const installedLibrary = join(homedir(), ".cache", "turnleaf", "pdfium", "libpdfium.so");

export function nativeLibraryPath(given?: string): string | undefined {
  const path = given || installedLibrary;
  return existsSync(path) ? path : undefined;
}

/**
 * The engine for a setting: "wasm", "native" (fails without the library) or "auto" (native when installed, else
 * WebAssembly).
 */
export function choosePdfium(setting: "auto" | "wasm" | "native", library?: string): PdfiumChoice {
  if (setting === "wasm") return { engine: "wasm" };
  const found = nativeLibraryPath(library);
  if (found) return { engine: "native", library: found };
  if (setting === "native") throw new Error(`the native PDFium library is not at ${library || installedLibrary}`);
  return { engine: "wasm" };
}
