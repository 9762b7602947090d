/**
 * Link annotations (hotspots) and the outline (TOC) through PDFium. Only links a reader can follow safely are
 * kept: web and mail addresses (http, https, mailto) and jumps to a page of the same document; javascript:,
 * file:, launch actions and links to other files are dropped.
 */
import type { SourceLink, SourceOutlineEntry } from "../domain/page-content.js";
import {
  displayRect,
  type PageTransform,
  type Pdfium,
  type PdfiumDocument,
  readF32,
  readPointer,
  readString,
  withScratch,
} from "./pdfium.js";

/** FPDFAction_GetType (fpdf_doc.h). */
const actionGoTo = 1;
const actionUri = 3;

const safeSchemes = new Set(["http:", "https:", "mailto:"]);

/** The URL when it is one a reader may open, else undefined. */
export function safeUrl(candidate: string): string | undefined {
  const trimmed = candidate.trim();
  if (trimmed === "") return undefined;
  try {
    const url = new URL(trimmed);
    return safeSchemes.has(url.protocol) ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

function destinationPage(pdfium: Pdfium, doc: number, dest: number): number | undefined {
  if (!dest) return undefined;
  const index = pdfium.FPDFDest_GetDestPageIndex(doc, dest);
  return index >= 0 ? index : undefined;
}

/** Where an action or destination leads: a page of this document or a safe URL. */
function target(
  pdfium: Pdfium,
  doc: number,
  dest: number,
  action: number,
): { targetSourcePage: number } | { url: string } | undefined {
  const page = destinationPage(pdfium, doc, dest);
  if (page !== undefined) return { targetSourcePage: page };
  if (!action) return undefined;
  const type = pdfium.FPDFAction_GetType(action);
  if (type === actionGoTo) {
    const goTo = destinationPage(pdfium, doc, pdfium.FPDFAction_GetDest(doc, action));
    return goTo === undefined ? undefined : { targetSourcePage: goTo };
  }
  if (type === actionUri) {
    const uri = readString(pdfium, (buffer, size) => pdfium.FPDFAction_GetURIPath(doc, action, buffer, size), "ascii");
    const url = safeUrl(uri);
    return url ? { url } : undefined;
  }
  return undefined;
}

export function readLinks(pdfium: Pdfium, doc: number, page: number, transform: PageTransform): SourceLink[] {
  const links: SourceLink[] = [];
  // the link found (a pointer: 4 or 8 bytes), start position (int), its rectangle (FS_RECTF)
  withScratch(pdfium, 32, (scratch) => {
    const found = scratch;
    const position = scratch + 8;
    const rect = scratch + 16;
    while (pdfium.FPDFLink_Enumerate(page, position, found)) {
      const link = readPointer(pdfium, found);
      if (!link || !pdfium.FPDFLink_GetAnnotRect(link, rect)) continue;
      const leads = target(pdfium, doc, pdfium.FPDFLink_GetDest(doc, link), pdfium.FPDFLink_GetAction(link));
      if (!leads) continue;
      const box = displayRect(
        transform,
        readF32(pdfium, rect),
        readF32(pdfium, rect + 12),
        readF32(pdfium, rect + 8),
        readF32(pdfium, rect + 4),
      );
      links.push({ ...box, ...leads });
    }
  });
  return links;
}

/** Entries beyond these are ignored: a crafted outline must not loop or explode. */
const maxOutlineEntries = 5_000;
const maxOutlineDepth = 32;

export function readOutline(document: PdfiumDocument): SourceOutlineEntry[] {
  const { pdfium, doc } = document;
  const seen = new Set<number>();
  const walk = (parent: number, depth: number): SourceOutlineEntry[] => {
    const entries: SourceOutlineEntry[] = [];
    if (depth > maxOutlineDepth) return entries;
    for (
      let bookmark = pdfium.FPDFBookmark_GetFirstChild(doc, parent);
      bookmark && !seen.has(bookmark) && seen.size < maxOutlineEntries;
      bookmark = pdfium.FPDFBookmark_GetNextSibling(doc, bookmark)
    ) {
      seen.add(bookmark);
      const title = readString(pdfium, (buffer, size) => pdfium.FPDFBookmark_GetTitle(bookmark, buffer, size), "utf16");
      const leads = target(
        pdfium,
        doc,
        pdfium.FPDFBookmark_GetDest(doc, bookmark),
        pdfium.FPDFBookmark_GetAction(bookmark),
      );
      entries.push({ title, ...(leads ?? {}), children: walk(bookmark, depth + 1) });
    }
    return entries;
  };
  return walk(0, 0);
}
