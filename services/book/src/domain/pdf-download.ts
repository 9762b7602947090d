import { DomainError, message } from "@turnleaf/kit";
import type { BookDocument } from "../data/book.schema.js";
import { storedSettings } from "./book-info.js";
import { isPublished } from "./published-book.js";

/**
 * download/download-pdf-file.php (spec 000 §7, spec 001 §7): the original PDF, when the book's download config
 * offers it. The owner may download their own book in any status; anyone else only a book readers may open, and
 * not one behind a password (the reader's grant cookie is scoped to the reader's path and never reaches this one).
 */
export type PdfSource = { kind: "external"; url: string } | { kind: "original" };

/**
 * Whether an owner's download URL may be redirected to: http(s) to a listed host (or a subdomain of one). Anything
 * else would make the download path an open redirect for anonymous visitors (issue 16); such a book's download
 * gives its own file instead.
 */
export function externalPdfAllowed(url: string, allowedHosts: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return false;
  if (parsed.username || parsed.password) return false;
  const host = parsed.hostname.toLowerCase();
  return allowedHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

export function pdfSource(
  book: BookDocument | null,
  requesterId: string,
  allowedHosts: readonly string[] = [],
): PdfSource {
  if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
  const owner = requesterId !== "" && requesterId === book.ownerId;
  if (!owner) {
    const access = book.privacy?.access ?? "public";
    if (!isPublished(book) || access === "private") throw new DomainError("NOT_FOUND", message("bookNotFound"));
    if (access === "password") {
      throw new DomainError("PERMISSION_DENIED", message("reader.bookLocked"), {
        details: { bookId: book.bookId },
      });
    }
  }
  const download = storedSettings(book).downloadConfig;
  if (!download?.pdf.url) {
    throw new DomainError("FAILED_PRECONDITION", message("pdfNotDownloadable"), {
      details: { bookId: book.bookId },
    });
  }
  if (!download.pdf.isOriginPath && externalPdfAllowed(download.pdf.url, allowedHosts)) {
    return { kind: "external", url: download.pdf.url };
  }
  return { kind: "original" };
}

/**
 * The kept source PDF of the newest finished revision (the conversion keeps it under `sourcePdfs` for its vector
 * engine); null when that revision kept none. Older revisions are not looked at: their PDF is another document.
 */
export function sourcePdfOf(
  manifests: { revision: number; manifest: unknown }[],
): { revision: number; key: string } | null {
  const ready = manifests
    .filter(({ manifest }) => (manifest as { state?: unknown } | null)?.state === "ready")
    .sort((a, b) => b.revision - a.revision)[0];
  if (!ready) return null;
  const keys = (ready.manifest as { sourcePdfs?: unknown }).sourcePdfs;
  const key = Array.isArray(keys) ? keys.find((entry): entry is string => typeof entry === "string") : undefined;
  return key && !key.includes("..") ? { revision: ready.revision, key } : null;
}

/** The newest finished revision and its page count; revision 0 when none finished. */
export function newestReadyOf(manifests: { revision: number; manifest: unknown }[]): {
  revision: number;
  pageCount: number;
} {
  const ready = manifests
    .filter(({ manifest }) => (manifest as { state?: unknown } | null)?.state === "ready")
    .sort((a, b) => b.revision - a.revision)[0];
  const count = (ready?.manifest as { pageCount?: unknown } | undefined)?.pageCount;
  return {
    revision: ready?.revision ?? 0,
    pageCount: typeof count === "number" && Number.isInteger(count) && count > 0 ? count : 0,
  };
}

/** The page count of the newest finished revision, 0 when none is known. */
export function pageCountOf(manifests: { revision: number; manifest: unknown }[]): number {
  return newestReadyOf(manifests).pageCount;
}
