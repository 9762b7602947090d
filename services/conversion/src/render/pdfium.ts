/**
 * PDFium for this thread: the WebAssembly build of @embedpdf/pdfium (one instance per thread), or the native
 * library loaded by FFI (pdfium-native.ts; one per process, so its render lanes are processes). Loaded once and
 * kept warm. The helpers here move bytes, numbers and strings across PDFium's memory: the WebAssembly heap, or
 * the process's own memory for the native library.
 */
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { PdfPasswordError, PdfReadError } from "./pdf-errors.js";
import { type NativeMemory, nativeMemoryOf } from "./pdfium-memory.js";
import type { Pdfium } from "./pdfium-types.js";
import { readReasons } from "./read-reasons.js";

export type { Pdfium } from "./pdfium-types.js";

/** Which PDFium this process's renderers load: "wasm" (the default) or "native" with its library's path. */
export type PdfiumChoice = { engine: "wasm" } | { engine: "native"; library: string };

let choice: PdfiumChoice = { engine: "wasm" };

/** Chooses the engine before anything loads it (the service from its config, a render lane from its pool). */
export function selectPdfium(next: PdfiumChoice): void {
  if (loaded && next.engine !== choice.engine) throw new Error("PDFium is already loaded in this thread");
  choice = next;
}

export const selectedPdfium = (): PdfiumChoice => choice;

/** FPDF_RenderPageBitmap / FPDF_FFLDraw flags (fpdfview.h). */
export const renderFlags = {
  annotations: 0x01,
  /** RGBA instead of BGRA: the buffer goes to sharp as it is. */
  reverseByteOrder: 0x10,
} as const;

/** FPDF_GetLastError codes (fpdfview.h). */
const errorPassword = 4;
const errorReasons: Record<number, string> = {
  1: readReasons.unknown,
  2: readReasons.file,
  3: readReasons.format,
  5: readReasons.security,
  6: readReasons.page,
};

let loaded: Promise<Pdfium> | undefined;

const wasmPath = createRequire(import.meta.url).resolve("@embedpdf/pdfium/pdfium.wasm");

/** This thread's PDFium, initialised on first use (WebAssembly 30-100 ms). */
export function loadPdfium(): Promise<Pdfium> {
  if (!loaded) {
    const current = choice;
    loaded = (async () => {
      if (current.engine === "native") {
        const { loadNativePdfium } = await import("./pdfium-native.js");
        return loadNativePdfium(current.library);
      }
      // Imported here: a process with the native library never loads the WebAssembly build's 10 ms of JavaScript.
      const { init } = await import("@embedpdf/pdfium");
      const module = await init({ wasmBinary: (await readFile(wasmPath)).buffer as ArrayBuffer });
      module.PDFiumExt_Init();
      return module;
    })();
    loaded.catch(() => {
      loaded = undefined;
    });
  }
  return loaded;
}

/** The Emscripten heap views (their types live in @types/emscripten, which this package does not need). */
interface HeapViews {
  HEAPU8: Uint8Array;
  HEAP32: Int32Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
}

// Views are re-read on every use: they are replaced when the heap grows.
const views = (pdfium: Pdfium) => pdfium.pdfium as unknown as HeapViews;

/** The WebAssembly heap (empty for the native library, whose memory is the process's own). */
export const heap = (pdfium: Pdfium): Uint8Array => (nativeMemoryOf(pdfium) ? new Uint8Array(0) : views(pdfium).HEAPU8);

/** A copy of `size` bytes of PDFium's memory at `pointer`. */
export function readBytes(pdfium: Pdfium, pointer: number, size: number): Uint8Array {
  const native = nativeMemoryOf(pdfium);
  return native ? native.read(pointer, size) : views(pdfium).HEAPU8.slice(pointer, pointer + size);
}

/** Writes bytes into PDFium's memory at `pointer`. */
export function writeBytes(pdfium: Pdfium, pointer: number, bytes: Uint8Array): void {
  const native = nativeMemoryOf(pdfium);
  if (native) native.write(pointer, bytes);
  else views(pdfium).HEAPU8.set(bytes, pointer);
}

/** Bytes of a pointer in PDFium's memory: 4 in WebAssembly, 8 for the native library. */
export const pointerBytes = (pdfium: Pdfium): number => (nativeMemoryOf(pdfium) ? 8 : 4);

let openDocuments = 0;

/**
 * A WebAssembly heap only grows: a big source leaves its thread holding that much memory. Once no document is open
 * and the heap is larger than `limitBytes`, this thread's PDFium is dropped (the garbage collector frees its
 * memory) and the next use loads a fresh one (30-100 ms). Answers whether it was dropped.
 */
export async function recycleIfLarge(limitBytes: number): Promise<boolean> {
  const current = loaded;
  if (!current || openDocuments > 0) return false;
  const pdfium = await current.catch(() => undefined);
  // The native library gives memory back itself.
  if (!pdfium || nativeMemoryOf(pdfium) || heap(pdfium).length <= limitBytes || loaded !== current) return false;
  loaded = undefined;
  return true;
}

/**
 * Forgets this thread's PDFium without closing anything: after a page was stopped mid-render (its memory budget
 * refused an allocation) the instance is not trusted again; the collector frees it, the next use loads a fresh one.
 */
export function discardPdfium(): void {
  loaded = undefined;
  openDocuments = 0;
}

/** Heaps larger than this are given back after a job (a few pages' bitmaps and a typical source fit well under). */
export const recycleHeapBytes = 256 * 1024 * 1024;

export function malloc(pdfium: Pdfium, size: number): number {
  const native = nativeMemoryOf(pdfium);
  const pointer = native ? native.malloc(size) : pdfium.pdfium.wasmExports.malloc(size);
  if (!pointer) throw new Error(`PDFium could not allocate ${size} bytes`);
  return pointer;
}

export function free(pdfium: Pdfium, pointer: number): void {
  const native = nativeMemoryOf(pdfium);
  if (native) native.free(pointer);
  else pdfium.pdfium.wasmExports.free(pointer);
}

/** Runs `use` with `size` bytes of zeroed scratch memory, freed afterwards. */
export function withScratch<T>(pdfium: Pdfium, size: number, use: (pointer: number) => T): T {
  const pointer = malloc(pdfium, size);
  writeBytes(pdfium, pointer, new Uint8Array(size));
  try {
    return use(pointer);
  } finally {
    free(pdfium, pointer);
  }
}

const nativeView = (native: NativeMemory, pointer: number, size: number) => {
  const bytes = native.read(pointer, size);
  return new DataView(bytes.buffer, bytes.byteOffset, size);
};

export function readF32(pdfium: Pdfium, pointer: number): number {
  const native = nativeMemoryOf(pdfium);
  return native ? nativeView(native, pointer, 4).getFloat32(0, true) : (views(pdfium).HEAPF32[pointer >> 2] as number);
}

/** `count` floats at `pointer` in one copy (a character box is read for every character of a page). */
export function readF32s(pdfium: Pdfium, pointer: number, count: number): Float32Array {
  const native = nativeMemoryOf(pdfium);
  if (!native) return views(pdfium).HEAPF32.slice(pointer >> 2, (pointer >> 2) + count);
  const bytes = native.read(pointer, count * 4);
  return new Float32Array(bytes.buffer, bytes.byteOffset, count);
}

export function readF64(pdfium: Pdfium, pointer: number): number {
  const native = nativeMemoryOf(pdfium);
  return native ? nativeView(native, pointer, 8).getFloat64(0, true) : (views(pdfium).HEAPF64[pointer >> 3] as number);
}

export function readI32(pdfium: Pdfium, pointer: number): number {
  const native = nativeMemoryOf(pdfium);
  return native ? nativeView(native, pointer, 4).getInt32(0, true) : (views(pdfium).HEAP32[pointer >> 2] as number);
}

/** A pointer PDFium wrote into memory (FPDF_LINK* and the like). */
export function readPointer(pdfium: Pdfium, pointer: number): number {
  const native = nativeMemoryOf(pdfium);
  return native ? Number(nativeView(native, pointer, 8).getBigUint64(0, true)) : readI32(pdfium, pointer) >>> 0;
}

/**
 * A string PDFium writes into a caller's buffer: `call(0, 0)` answers the size in bytes (terminator included),
 * `call(buffer, size)` fills it. UTF-16LE for titles and text, 7-bit ASCII for URIs.
 */
export function readString(
  pdfium: Pdfium,
  call: (buffer: number, size: number) => number,
  encoding: "utf16" | "ascii",
): string {
  const size = call(0, 0);
  if (size <= (encoding === "utf16" ? 2 : 1)) return "";
  return withScratch(pdfium, size, (buffer) => {
    call(buffer, size);
    const bytes = readBytes(pdfium, buffer, size);
    if (encoding === "ascii") return Buffer.from(bytes.subarray(0, size - 1)).toString("latin1");
    return Buffer.from(bytes.subarray(0, size - 2)).toString("utf16le");
  });
}

/** A UTF-16LE, zero-terminated copy of `text` in the heap (FPDF_WIDESTRING); the caller frees it. */
export function wideString(pdfium: Pdfium, text: string): number {
  const bytes = Buffer.from(`${text}\u0000`, "utf16le");
  const pointer = malloc(pdfium, bytes.length);
  writeBytes(pdfium, pointer, bytes);
  return pointer;
}

export interface PdfiumDocument {
  pdfium: Pdfium;
  /** FPDF_DOCUMENT */
  doc: number;
  /** FPDF_FORMHANDLE: AcroForm widgets are drawn only through it (FPDF_FFLDraw). */
  form: number;
  pageCount: number;
  close(): void;
}

/** Why PDFium could not open a document (FPDF_GetLastError). */
function openFailure(pdfium: Pdfium): Error {
  const code = pdfium.FPDF_GetLastError();
  if (code === errorPassword) return new PdfPasswordError();
  return new PdfReadError(errorReasons[code] ?? readReasons.unknown);
}

/** An open FPDF_DOCUMENT with its form environment; `release` runs after the document is closed. */
function documentOf(pdfium: Pdfium, doc: number, release: () => void): PdfiumDocument {
  const formInfo = pdfium.PDFiumExt_OpenFormFillInfo();
  const form = formInfo ? pdfium.PDFiumExt_InitFormFillEnvironment(doc, formInfo) : 0;
  let open = true;
  openDocuments++;
  return {
    pdfium,
    doc,
    form,
    pageCount: pdfium.FPDF_GetPageCount(doc),
    close() {
      if (!open) return;
      open = false;
      openDocuments--;
      if (form) pdfium.PDFiumExt_ExitFormFillEnvironment(form);
      if (formInfo) pdfium.PDFiumExt_CloseFormFillInfo(formInfo);
      pdfium.FPDF_CloseDocument(doc);
      release();
    },
  };
}

/**
 * Opens a PDF from bytes (copied into the heap, where they stay while the document is open). Throws
 * PdfPasswordError when the password is missing or wrong, PdfReadError when PDFium cannot read the file.
 */
export async function openDocument(bytes: Uint8Array, password: string): Promise<PdfiumDocument> {
  const pdfium = await loadPdfium();
  if (bytes.length === 0) throw new PdfReadError(readReasons.empty);
  const data = malloc(pdfium, bytes.length);
  writeBytes(pdfium, data, bytes);
  const doc = pdfium.FPDF_LoadMemDocument(data, bytes.length, password);
  if (!doc) {
    const failure = openFailure(pdfium);
    free(pdfium, data);
    throw failure;
  }
  return documentOf(pdfium, doc, () => free(pdfium, data));
}

/** FPDF_LoadDocument, which only the native library offers (the WebAssembly build has no files). */
type LoadFromFile = (path: string, password: string) => number;

/**
 * Opens a PDF file. The native library reads it from disk as pages need it (FPDF_LoadDocument): no copy of the
 * source in the render process, which kept 2× a 28 MB book's bytes per reopening (one in JavaScript until the
 * collector ran, one in PDFium). The WebAssembly build gets the bytes (openDocument).
 */
export async function openDocumentFile(path: string, password: string): Promise<PdfiumDocument> {
  const pdfium = await loadPdfium();
  const fromFile = (pdfium as unknown as { FPDF_LoadDocument?: LoadFromFile }).FPDF_LoadDocument;
  if (!nativeMemoryOf(pdfium) || !fromFile) return openDocument(new Uint8Array(await readFile(path)), password);
  if ((await stat(path)).size === 0) throw new PdfReadError(readReasons.empty);
  const doc = fromFile(path, password);
  if (!doc) throw openFailure(pdfium);
  return documentOf(pdfium, doc, () => undefined);
}

/** Loads a page with its form fields (FORM_OnAfterLoadPage) and closes it after `use`. */
export function withPage<T>(document: PdfiumDocument, index: number, use: (page: number) => T): T {
  const { pdfium, doc, form } = document;
  const page = pdfium.FPDF_LoadPage(doc, index);
  if (!page) throw new PdfReadError(readReasons.page);
  if (form) pdfium.FORM_OnAfterLoadPage(page, form);
  try {
    return use(page);
  } finally {
    if (form) pdfium.FORM_OnBeforeClosePage(page, form);
    pdfium.FPDF_ClosePage(page);
  }
}

/**
 * The affine map from PDF user space to the page as shown at scale 1 (top-left origin, /Rotate and the crop box
 * applied), measured once from PDFium's own FPDF_PageToDevice so text and link boxes land where it draws.
 */
export interface PageTransform {
  apply(x: number, y: number): [number, number];
}

export function pageTransform(pdfium: Pdfium, page: number): PageTransform {
  const precision = 64;
  const width = Math.round(pdfium.FPDF_GetPageWidthF(page) * precision);
  const height = Math.round(pdfium.FPDF_GetPageHeightF(page) * precision);
  const [origin, unitX, unitY] = withScratch(pdfium, 8, (out) =>
    [
      [0, 0],
      [1000, 0],
      [0, 1000],
    ].map(([x, y]) => {
      pdfium.FPDF_PageToDevice(page, 0, 0, width, height, 0, x as number, y as number, out, out + 4);
      return [readI32(pdfium, out) / precision, readI32(pdfium, out + 4) / precision] as [number, number];
    }),
  ) as [[number, number], [number, number], [number, number]];
  const a = (unitX[0] - origin[0]) / 1000;
  const b = (unitX[1] - origin[1]) / 1000;
  const c = (unitY[0] - origin[0]) / 1000;
  const d = (unitY[1] - origin[1]) / 1000;
  return { apply: (x, y) => [origin[0] + a * x + c * y, origin[1] + b * x + d * y] };
}

/** A rectangle from two user-space corners, in display coordinates. */
export function displayRect(
  transform: PageTransform,
  left: number,
  bottom: number,
  right: number,
  top: number,
): { x: number; y: number; width: number; height: number } {
  const [x1, y1] = transform.apply(left, bottom);
  const [x2, y2] = transform.apply(right, top);
  return { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
}
