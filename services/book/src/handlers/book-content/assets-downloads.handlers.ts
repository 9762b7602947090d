import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, message, notConfigured, type ServiceImplementation } from "@turnleaf/kit";
import { acceptAsset, assetKey, assetPurpose } from "../../domain/asset-upload.js";
import { contentIdPattern, newContentId } from "../../domain/book-content.js";
import { measureImage, pixelProblem } from "../../domain/image-pixels.js";
import { pdfSource, sourcePdfOf } from "../../domain/pdf-download.js";
import { actingUser, type BookContentDependencies, manifestsReader } from "./content-shared.js";

const unavailableFiles = () => notConfigured("file storage");

/** Asset uploads (presigned PUT, then commit) and downloads: assets and a book's PDF. */
export function assetAndDownloadHandlers({
  books,
  revisions,
  content,
  videoMaxBytes,
  files,
  pdfDownloadHosts = [],
}: BookContentDependencies): Pick<
  ServiceImplementation<typeof BookService>,
  "prepareAssetUpload" | "commitAssetUpload" | "getAsset" | "getBookPdf"
> {
  const manifestsOf = manifestsReader({ files, revisions });

  return {
    async prepareAssetUpload(request) {
      const ownerId = actingUser(request.userId);
      if (!files) throw unavailableFiles();
      const purpose = assetPurpose(request.purpose);
      const accepted = acceptAsset({
        name: request.name,
        size: Number(request.size),
        head: Buffer.from(request.head),
        videoMaxBytes,
        purpose,
      });
      const fileId = newContentId();
      const key = assetKey(ownerId, fileId);
      await content.addAsset({
        fileId,
        ownerId,
        key,
        name: accepted.name,
        size: Number(request.size),
        contentType: accepted.contentType,
        purpose,
        state: "pending",
      });
      return { fileId, putUrl: await files.presignAssetPut(key), contentType: accepted.contentType };
    },

    async commitAssetUpload(request) {
      const ownerId = actingUser(request.userId);
      if (!files) throw unavailableFiles();
      const asset = contentIdPattern.test(request.fileId) ? await content.asset(request.fileId) : null;
      if (!asset || asset.ownerId !== ownerId) throw new DomainError("NOT_FOUND", message("fileNotFound"));
      const stored = await files.assetSize(asset.key);
      if (stored === null) throw new DomainError("FAILED_PRECONDITION", message("assetUploadFailed"));
      // The presigned PUT does not bind the length: a body other than the size that was checked is thrown away.
      if (stored !== asset.size) {
        await files.removeAsset(asset.key);
        throw new DomainError("INVALID_ARGUMENT", message("uploadSizeChanged"), {
          details: { field: "file" },
        });
      }
      if (asset.contentType.startsWith("image/")) {
        const problem = pixelProblem(await measureImage(await files.assetBytes(asset.key)), asset.purpose ?? "");
        if (problem) {
          await files.removeAsset(asset.key);
          throw problem;
        }
      }
      await content.markAssetReady(asset.fileId, stored);
      return {
        asset: {
          fileId: asset.fileId,
          name: asset.name,
          size: BigInt(stored),
          contentType: asset.contentType,
          ownerId,
        },
      };
    },

    async getAsset(request) {
      const asset = contentIdPattern.test(request.fileId) ? await content.asset(request.fileId) : null;
      if (asset?.state !== "ready") throw new DomainError("NOT_FOUND", message("fileNotFound"));
      if (!files) throw unavailableFiles();
      return {
        asset: {
          fileId: asset.fileId,
          name: asset.name,
          size: BigInt(asset.size),
          contentType: asset.contentType,
          ownerId: asset.ownerId,
        },
        url: await files.presignAssetGet(asset.key),
      };
    },

    async getBookPdf(request) {
      const requester = request.userId === "" ? "" : actingUser(request.userId);
      const book = /^[A-Za-z0-9_-]{1,64}$/.test(request.bookId) ? await books.findById(request.bookId) : null;
      const source = pdfSource(book, requester, pdfDownloadHosts);
      if (!book) throw new DomainError("NOT_FOUND", message("bookNotFound"));
      if (source.kind === "external") return { url: source.url, external: true, fileName: "" };
      const unavailable = () => new DomainError("NOT_FOUND", message("originalPdfMissing"));
      // Without S3 there is no PDF to find (the service runs without storage).
      if (!files) throw unavailable();
      const fileName = `${(book.title || book.number).slice(0, 100)}.pdf`;
      const kept = sourcePdfOf(await manifestsOf(book));
      if (kept) {
        return {
          url: await files.presignBookFile(book.bookId, kept.revision, kept.key, fileName),
          external: false,
          fileName,
        };
      }
      // The upload's original, newest revision first (a reconversion's sources stay under the upload it reconverts).
      for (const claim of await revisions.claimsOf(book.bookId)) {
        const key = await files.sourcePdf(claim.uploadTaskId);
        if (key) return { url: await files.presignSource(key, fileName), external: false, fileName };
      }
      throw unavailable();
    },
  };
}
