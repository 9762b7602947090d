import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { catalogueCodes, DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assetDisposition, assetView, uploadLogOf } from "../domain/book-content.view.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { errorEnvelopeFor } from "../plugins/message-texts.js";
import { publicOrigin } from "../plugins/public-origin.js";
import { bookIdField } from "./schemas.js";
import { putFile, readUploadForm, UploadTooLarge } from "./upload-form.js";

/**
 * Files: the editor's uploaded assets (upload-file, served by file id), upload logs and the original PDF download
 * (spec 000 §7, spec 001 §7). Payloads and replies: services/gateway/rest/book-content.md. The book service owns
 * every rule and limit; this file streams bytes between the client and S3's presigned URLs.
 */

/** A multipart upload's bytes beyond this are refused before they are buffered (100 MB attachment + form overhead). */
const multipartLimit = 100 * 1024 * 1024 + 256 * 1024;

/** Spec 000 §8: a reply whose code is not OK shows its msg, except add-upload-log's: its replies carry none. */
const silentOk = (logged: boolean) => okEnvelope({ logged });

const httpStatusOf = (error: unknown): number => {
  if (!(error instanceof DomainError)) return 500;
  if (error.kind === "NOT_FOUND") return 404;
  if (error.kind === "PERMISSION_DENIED" || error.kind === "FAILED_PRECONDITION") return 403;
  if (error.kind === "INVALID_ARGUMENT") return 400;
  if (error.kind === "UNAVAILABLE") return 503;
  return 500;
};

/** Streams what a presigned URL answers to the client; a store failure is the store's, not the client's. */
async function relay(reply: FastifyReply, url: string, headers: Record<string, string>): Promise<FastifyReply> {
  const response = await fetch(url);
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new DomainError("NOT_FOUND", message("fileNotFound"));
  }
  const length = response.headers.get("content-length");
  if (length) reply.header("content-length", length);
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

export function registerFileRoutes(app: FastifyInstance, peers: Peers): void {
  const book = peers.book;
  const origin = publicOrigin;
  const user = (request: FastifyRequest) => actorOf(request).userId;

  // Upload logs (spec 000 §8: their replies never carry a message to show).
  for (const [path, empty] of [
    ["/api/other/add-upload-log", false],
    ["/api/other/add-upload-empty-log", true],
  ] as const) {
    app.post(path, async (request) => {
      const userId = user(request);
      try {
        await book.addUploadLog({ userId, empty, logJson: JSON.stringify(uploadLogOf(request.body)) });
        return silentOk(true);
      } catch (error) {
        request.log.warn({ err: error }, "upload log not stored");
        return silentOk(false);
      }
    });
  }

  // Uploaded editor assets, served to anyone who has the link (logos and pictures appear in published books).
  app.get<{ Params: { fileId: string; name: string } }>("/api/common/file/:fileId/:name", async (request, reply) => {
    try {
      const { asset, url } = await book.getAsset({ fileId: request.params.fileId });
      if (!asset) throw new DomainError("NOT_FOUND", message("fileNotFound"));
      return await relay(reply, url, {
        "content-type": asset.contentType,
        "content-disposition": assetDisposition(asset.contentType, asset.name),
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
        // A file id names one upload for good.
        "cache-control": "public, max-age=31536000, immutable",
      });
    } catch (error) {
      return reply.status(httpStatusOf(error)).send(await errorEnvelopeFor(request, error));
    }
  });

  // The original PDF (spec 000 §7, spec 001 §7): `bookid` as the specs name it.
  app.get<{ Querystring: { bookid?: string } }>(
    "/download/download-pdf-file.php",
    { schema: { querystring: { type: "object", properties: { bookid: bookIdField } } } },
    async (request, reply) => {
      let requester = "";
      try {
        requester = user(request);
      } catch {
        // No (live) session: the download is asked as an anonymous reader.
      }
      try {
        const pdf = await book.getBookPdf({ userId: requester, bookId: request.query.bookid ?? "" });
        if (pdf.external) return reply.redirect(pdf.url, 302);
        return await relay(reply, pdf.url, {
          "content-type": "application/pdf",
          "content-disposition": assetDisposition("application/pdf", pdf.fileName),
          "x-content-type-options": "nosniff",
          "cache-control": "private, no-store",
        });
      } catch (error) {
        return reply.status(httpStatusOf(error)).send(await errorEnvelopeFor(request, error));
      }
    },
  );

  // upload-file takes multipart/form-data: @fastify/multipart parses it in this scope only, part by part as it
  // arrives; the file goes to a temporary file (upload-form.ts) because the book service checks its size before it
  // hands out the presigned URL, and the store is then sent exactly those bytes with their length.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // As the fetch API's FormData read it: a part is a file when it has a filename, whose path is kept as sent.
      isPartAFile: (_field, _type, fileName) => fileName !== undefined,
      preservePath: true,
      limits: { fileSize: multipartLimit, parts: Number.POSITIVE_INFINITY },
    });
    scope.post("/api/common/upload-file", async (request, reply) => {
      const userId = user(request);
      const contentType = request.headers["content-type"] ?? "";
      if (!request.isMultipart() || !contentType.startsWith("multipart/form-data")) {
        throw new DomainError("INVALID_ARGUMENT", message("chooseFile"), {
          details: { field: "file" },
        });
      }
      const tooLarge = () => {
        // The rest of the body is not read: the connection is not reused.
        reply.header("connection", "close");
        return new DomainError("INVALID_ARGUMENT", message("fileTooLarge", { size: "100 MB" }), {
          details: { field: "file" },
        });
      };
      if (Number(request.headers["content-length"] ?? 0) > multipartLimit) throw tooLarge();
      const form = await readUploadForm(request, multipartLimit).catch((error: unknown) => {
        if (error instanceof UploadTooLarge) throw tooLarge();
        throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, { details: { field: "file" } });
      });
      const file = form.file;
      if (!file) {
        throw new DomainError("INVALID_ARGUMENT", message("chooseFile"), { details: { field: "file" } });
      }
      try {
        const prepared = await book.prepareAssetUpload({
          userId,
          name: file.name,
          size: BigInt(file.size),
          head: file.head(64),
          purpose: form.purpose === undefined ? "" : form.purpose.slice(0, 20),
        });
        const status = await putFile(prepared.putUrl, prepared.contentType, file);
        if (status < 200 || status > 299) {
          request.log.error({ status }, "asset PUT refused by the store");
          throw new DomainError("UNAVAILABLE", message("uploadFailed"));
        }
        const { asset } = await book.commitAssetUpload({ userId, fileId: prepared.fileId });
        return okEnvelope(assetView(asset, origin(request)));
      } finally {
        await file.discard();
      }
    });
  });
}
