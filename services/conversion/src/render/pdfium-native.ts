/**
 * The native PDFium library (libpdfium.so from the pypdfium2 wheel, BSD-3/Apache-2.0; scripts/install-pdfium.sh
 * puts it in ~/.cache/turnleaf/pdfium) loaded by FFI with koffi, behind the same functions the WebAssembly build
 * offers, so every renderer helper works on either. PDFium is not thread-safe: a process loads it in one thread
 * only (its render lanes are processes, see pool.ts). Handles and pointers cross as numbers (intptr_t).
 */
import koffi from "koffi";
import { type NativeMemory, registerNativeMemory } from "./pdfium-memory.js";
import type { Pdfium } from "./pdfium-types.js";

/** The C prototypes of the functions the renderer calls (fpdfview.h, fpdf_*.h); handles are intptr_t. */
const prototypes = [
  "void FPDF_InitLibrary()",
  "intptr_t FPDF_LoadMemDocument(intptr_t data, int size, const char *password)",
  "intptr_t FPDF_LoadDocument(const char *path, const char *password)",
  "unsigned long FPDF_GetLastError()",
  "int FPDF_GetPageCount(intptr_t doc)",
  "int FPDF_GetPageSizeByIndexF(intptr_t doc, int index, intptr_t size)",
  "intptr_t FPDF_LoadPage(intptr_t doc, int index)",
  "void FPDF_ClosePage(intptr_t page)",
  "void FPDF_CloseDocument(intptr_t doc)",
  "float FPDF_GetPageWidthF(intptr_t page)",
  "float FPDF_GetPageHeightF(intptr_t page)",
  "int FPDF_PageToDevice(intptr_t page, int x, int y, int w, int h, int rotate, double px, double py, intptr_t dx, intptr_t dy)",
  "intptr_t FPDFBitmap_Create(int width, int height, int alpha)",
  "intptr_t FPDFBitmap_CreateEx(int width, int height, int format, intptr_t first_scan, int stride)",
  "int FPDFBitmap_FillRect(intptr_t bitmap, int left, int top, int width, int height, unsigned long color)",
  "intptr_t FPDFBitmap_GetBuffer(intptr_t bitmap)",
  "int FPDFBitmap_GetStride(intptr_t bitmap)",
  "void FPDFBitmap_Destroy(intptr_t bitmap)",
  "void FPDF_RenderPageBitmap(intptr_t bitmap, intptr_t page, int x, int y, int w, int h, int rotate, int flags)",
  "void FPDF_FFLDraw(intptr_t form, intptr_t bitmap, intptr_t page, int x, int y, int w, int h, int rotate, int flags)",
  "intptr_t FPDFDOC_InitFormFillEnvironment(intptr_t doc, intptr_t info)",
  "void FPDFDOC_ExitFormFillEnvironment(intptr_t form)",
  "void FORM_OnAfterLoadPage(intptr_t page, intptr_t form)",
  "void FORM_OnBeforeClosePage(intptr_t page, intptr_t form)",
  "intptr_t FPDF_CreateNewDocument()",
  "intptr_t FPDFPage_New(intptr_t doc, int index, double width, double height)",
  "intptr_t FPDFPageObj_NewTextObj(intptr_t doc, const char *font, float size)",
  "int FPDFText_SetText(intptr_t object, intptr_t text)",
  "int FPDFPageObj_SetFillColor(intptr_t object, unsigned int r, unsigned int g, unsigned int b, unsigned int a)",
  "int FPDFPageObj_GetBounds(intptr_t object, intptr_t left, intptr_t bottom, intptr_t right, intptr_t top)",
  "void FPDFPageObj_Transform(intptr_t object, double a, double b, double c, double d, double e, double f)",
  "void FPDFPage_InsertObject(intptr_t page, intptr_t object)",
  "int FPDFPage_GenerateContent(intptr_t page)",
  "int FPDFPage_CountObjects(intptr_t page)",
  "intptr_t FPDFPage_GetObject(intptr_t page, int index)",
  "int FPDFPageObj_GetType(intptr_t object)",
  "int FPDFFormObj_CountObjects(intptr_t object)",
  "int FPDFPageObj_GetFillColor(intptr_t object, intptr_t r, intptr_t g, intptr_t b, intptr_t a)",
  "int FPDFPageObj_GetStrokeColor(intptr_t object, intptr_t r, intptr_t g, intptr_t b, intptr_t a)",
  "int FPDFPage_GetAnnotCount(intptr_t page)",
  "intptr_t FPDFPage_GetAnnot(intptr_t page, int index)",
  "int FPDFAnnot_GetSubtype(intptr_t annotation)",
  "void FPDFPage_CloseAnnot(intptr_t annotation)",
  "intptr_t FPDFFormObj_GetObject(intptr_t object, unsigned long index)",
  "intptr_t FPDFTextObj_GetFont(intptr_t text)",
  "int FPDFFont_GetIsEmbedded(intptr_t font)",
  "int FPDFFont_GetFontData(intptr_t font, intptr_t buffer, size_t size, intptr_t written)",
  "intptr_t FPDFText_LoadPage(intptr_t page)",
  "void FPDFText_ClosePage(intptr_t text)",
  "int FPDFText_CountChars(intptr_t text)",
  "unsigned int FPDFText_GetUnicode(intptr_t text, int index)",
  "int FPDFText_GetLooseCharBox(intptr_t text, int index, intptr_t rect)",
  "int FPDFLink_Enumerate(intptr_t page, intptr_t position, intptr_t link)",
  "int FPDFLink_GetAnnotRect(intptr_t link, intptr_t rect)",
  "intptr_t FPDFLink_GetDest(intptr_t doc, intptr_t link)",
  "intptr_t FPDFLink_GetAction(intptr_t link)",
  "unsigned long FPDFAction_GetType(intptr_t action)",
  "intptr_t FPDFAction_GetDest(intptr_t doc, intptr_t action)",
  "unsigned long FPDFAction_GetURIPath(intptr_t doc, intptr_t action, intptr_t buffer, unsigned long size)",
  "int FPDFDest_GetDestPageIndex(intptr_t doc, intptr_t dest)",
  "intptr_t FPDFBookmark_GetFirstChild(intptr_t doc, intptr_t bookmark)",
  "intptr_t FPDFBookmark_GetNextSibling(intptr_t doc, intptr_t bookmark)",
  "unsigned long FPDFBookmark_GetTitle(intptr_t bookmark, intptr_t buffer, unsigned long size)",
  "intptr_t FPDFBookmark_GetDest(intptr_t doc, intptr_t bookmark)",
  "intptr_t FPDFBookmark_GetAction(intptr_t bookmark)",
];

/**
 * FPDF_FORMFILLINFO with every callback empty: version 2 and zeros (PDFium checks each callback before calling
 * it). 1 KB is more than the structure on any platform.
 */
const formFillInfoBytes = 1024;

let native: Promise<Pdfium> | undefined;

function libcMemory(): NativeMemory {
  const libc = koffi.load("libc.so.6");
  const mallocC = libc.func("intptr_t malloc(size_t size)");
  const freeC = libc.func("void free(intptr_t pointer)");
  const copyIn = libc.func("memcpy", "intptr_t", ["void *", "intptr_t", "size_t"]);
  const copyOut = libc.func("memcpy", "intptr_t", ["intptr_t", "void *", "size_t"]);
  return {
    malloc: (size) => mallocC(size) as number,
    free: (pointer) => freeC(pointer),
    read(pointer, size) {
      const bytes = new Uint8Array(size);
      if (size > 0) copyIn(bytes, pointer, size);
      return bytes;
    },
    write(pointer, bytes) {
      if (bytes.length > 0) copyOut(pointer, bytes, bytes.length);
    },
  };
}

/** The native library, loaded once per process (a second load answers the same instance). */
export function loadNativePdfium(library: string): Promise<Pdfium> {
  native ??= (async () => {
    const lib = koffi.load(library);
    const functions: Record<string, (...args: unknown[]) => unknown> = {};
    for (const prototype of prototypes) {
      const declared = lib.func(prototype);
      functions[declared.info.name] = declared;
    }
    // The character box written straight into a JavaScript array (koffi passes its memory): a page reads one box
    // per character, and a copy through scratch memory cost ~3 µs each.
    functions.TurnleafExt_LooseCharBoxInto = lib.func("FPDFText_GetLooseCharBox", "int", ["intptr_t", "int", "void *"]);
    // An object's colours the same way (page-kind.ts reads two for every text and path object of a page).
    const colourInto = (name: string) => lib.func(name, "int", ["intptr_t", "void *", "void *", "void *", "void *"]);
    functions.TurnleafExt_FillColourInto = colourInto("FPDFPageObj_GetFillColor");
    functions.TurnleafExt_StrokeColourInto = colourInto("FPDFPageObj_GetStrokeColor");
    // A bitmap over a JavaScript array: PDFium draws the page straight into the pixels the encoders read, where a
    // bitmap of its own had to be copied out (1-2 ms a 1131×1600 RGBA page, raster.ts). The array's memory does not
    // move, and raster.ts holds it until the bitmap is destroyed.
    functions.TurnleafExt_BitmapOver = lib.func("FPDFBitmap_CreateEx", "intptr_t", [
      "int",
      "int",
      "int",
      "void *",
      "int",
    ]);
    const memory = libcMemory();
    const call = (name: string, ...args: unknown[]) => (functions[name] as (...args: unknown[]) => unknown)(...args);
    call("FPDF_InitLibrary");
    const pdfium = {
      ...functions,
      PDFiumExt_Init: () => undefined,
      PDFiumExt_OpenFormFillInfo: () => {
        const info = memory.malloc(formFillInfoBytes);
        const zeroed = new Uint8Array(formFillInfoBytes);
        new DataView(zeroed.buffer).setInt32(0, 2, true);
        memory.write(info, zeroed);
        return info;
      },
      PDFiumExt_CloseFormFillInfo: (info: number) => memory.free(info),
      PDFiumExt_InitFormFillEnvironment: (doc: number, info: number) =>
        call("FPDFDOC_InitFormFillEnvironment", doc, info),
      PDFiumExt_ExitFormFillEnvironment: (form: number) => call("FPDFDOC_ExitFormFillEnvironment", form),
    };
    registerNativeMemory(pdfium, memory);
    return pdfium as unknown as Pdfium;
  })();
  native.catch(() => {
    native = undefined;
  });
  return native;
}
