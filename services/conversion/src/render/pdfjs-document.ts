/**
 * pdf.js (pdfjs-dist, legacy build for Node) as the fallback engine for sources PDFium refuses: an encrypted PDF
 * whose strings and streams use different crypt filters (PDFium's security handler rejects StmF ≠ StrF and reports
 * it as a wrong password), a file cut short inside its trailer (PDFium's parser gives up; pdf.js and poppler read
 * the catalogue it names). Opens a document, and reads what the plan needs (page sizes, outline) and link targets.
 * Loaded on first use only: a replica whose sources all open in PDFium never loads it.
 */

import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { loadPdfjs } from "@turnleaf/kit/pdfjs";
import type { SourceOutlineEntry } from "../domain/page-content.js";
import type { Size } from "../domain/plan.js";
import { PdfPasswordError, PdfReadError } from "./pdf-errors.js";
import { safeUrl } from "./pdf-links.js";
import { readReasons } from "./read-reasons.js";

type PdfjsModule = Awaited<ReturnType<typeof loadPdfjs>>;
export type PdfjsDocument = Awaited<ReturnType<PdfjsModule["getDocument"]>["promise"]>;
export type PdfjsPage = Awaited<ReturnType<PdfjsDocument["getPage"]>>;

const distFolder = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/**
 * Opens a PDF with pdf.js (the bytes are pdf.js's afterwards). Throws PdfPasswordError when the password is missing
 * or wrong, PdfReadError when pdf.js cannot read it either.
 */
export async function openWithPdfjs(bytes: Uint8Array, password: string): Promise<PdfjsDocument> {
  const { getDocument } = await loadPdfjs();
  if (bytes.length === 0) throw new PdfReadError(readReasons.empty);
  try {
    return await getDocument({
      data: bytes,
      password,
      verbosity: 0,
      isEvalSupported: false,
      // Fonts the document does not embed (the 14 standard fonts, CJK character maps) come with pdfjs-dist.
      standardFontDataUrl: `${join(distFolder, "standard_fonts")}/`,
      cMapUrl: `${join(distFolder, "cmaps")}/`,
      cMapPacked: true,
    }).promise;
  } catch (error) {
    // Whether no password was given or a wrong one (PasswordException codes 1 and 2): the user is asked again.
    if ((error as Error).name === "PasswordException") throw new PdfPasswordError();
    throw new PdfReadError(readReasons.format);
  }
}

/** A page's displayed size in points (crop box, /Rotate applied), as PDFium's FPDF_GetPageSizeByIndexF answers. */
export function displaySize(page: PdfjsPage): Size {
  const { width, height } = page.getViewport({ scale: 1 });
  return { width, height };
}

/** The 0-based page a destination (a name or an explicit array) leads to. */
export async function destinationPage(document: PdfjsDocument, dest: unknown): Promise<number | undefined> {
  try {
    const explicit = typeof dest === "string" ? await document.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return undefined;
    const target = explicit[0] as unknown;
    if (typeof target === "number") return target;
    if (target && typeof target === "object")
      return await document.getPageIndex(target as { num: number; gen: number });
  } catch {
    // A destination that leads nowhere is dropped, as PDFium drops it.
  }
  return undefined;
}

interface OutlineNode {
  title: string;
  dest: unknown;
  url: string | null;
  items: OutlineNode[];
}

async function outlineOf(document: PdfjsDocument, nodes: OutlineNode[], depth: number): Promise<SourceOutlineEntry[]> {
  const entries: SourceOutlineEntry[] = [];
  for (const node of nodes) {
    const page = await destinationPage(document, node.dest);
    const url = node.url ? safeUrl(node.url) : undefined;
    entries.push({
      title: node.title,
      ...(page !== undefined ? { targetSourcePage: page } : {}),
      ...(url ? { url } : {}),
      children: depth < 16 ? await outlineOf(document, node.items ?? [], depth + 1) : [],
    });
  }
  return entries;
}

/** Page sizes and, when asked, the outline of a document pdf.js opened. */
export async function readPdfjsInfo(
  document: PdfjsDocument,
  withOutline: boolean,
): Promise<{ pages: Size[]; outline: SourceOutlineEntry[] }> {
  const pages: Size[] = [];
  for (let index = 0; index < document.numPages; index++) {
    // A page pdf.js cannot load (its object lies past the cut of a truncated file) still has a place in the book.
    const size = await document
      .getPage(index + 1)
      .then(displaySize)
      .catch(() => ({ width: 0, height: 0 }));
    pages.push(size);
  }
  const outline = withOutline
    ? await outlineOf(document, ((await document.getOutline()) ?? []) as OutlineNode[], 0)
    : [];
  return { pages, outline };
}
