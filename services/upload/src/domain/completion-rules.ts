import { SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { DomainError } from "@turnleaf/kit";
import type { Signature } from "./file-signature.js";
import { resolvePageRange } from "./import-options.js";
import { messagesFor, uploadMessages } from "./messages.js";
import { limits } from "./upload-plan.js";

/** Whether the bytes a file starts with fit what its name declared (BMP only on the desktop path). */
export function signatureFits(kind: SourceKind, signature: Signature | undefined, channel: UploadChannel): boolean {
  if (kind === SourceKind.PDF) return signature === "pdf";
  if (kind === SourceKind.OFFICE) return signature === "zip" || signature === "ole";
  if (signature === "jpeg" || signature === "png") return true;
  return signature === "bmp" && channel === UploadChannel.DESKTOP;
}

export interface CheckedPdf {
  name: string;
  pages: number;
  protected: boolean;
}

/**
 * The checks that need the stored files: a protected PDF is never merged, merged PDFs total at most 1000 pages,
 * the page range fits the pages, and a trial imports at most 12 pages or images. Answers the pages to convert.
 */
export function checkCompletedSources(input: {
  channel: UploadChannel;
  pdfs: CheckedPdf[];
  imageCount: number;
  pageRange: string | undefined;
  trial: boolean;
}): { pageCount: number; selectedPages: number } {
  const text = messagesFor(input.channel);
  if (input.pdfs.length > 1 && input.pdfs.some((pdf) => pdf.protected)) {
    throw new DomainError("INVALID_ARGUMENT", uploadMessages.protectedMerge, {
      details: { files: input.pdfs.filter((pdf) => pdf.protected).map((pdf) => pdf.name) },
    });
  }
  const pageCount = input.pdfs.length > 0 ? input.pdfs.reduce((total, pdf) => total + pdf.pages, 0) : input.imageCount;
  if (input.pdfs.length > 0 && pageCount > limits.maxPdfPages) {
    throw new DomainError("INVALID_ARGUMENT", text.pdfPages(limits.maxPdfPages), {
      details: { pages: pageCount, maxPages: limits.maxPdfPages },
    });
  }
  const selectedPages =
    input.pdfs.length > 0 && input.pageRange !== undefined
      ? resolvePageRange(input.pageRange, pageCount).length
      : pageCount;
  if (input.trial && selectedPages > limits.trialMaxPages) {
    throw new DomainError("INVALID_ARGUMENT", uploadMessages.trial(selectedPages, limits.trialMaxPages), {
      details: { count: selectedPages, limit: limits.trialMaxPages },
    });
  }
  return { pageCount, selectedPages };
}
