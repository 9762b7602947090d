import { pipeline, Readable, Transform } from "node:stream";
import { catalogueCodes, DomainError, message, okEnvelope } from "@turnleaf/kit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { assetDisposition, assetView, uploadLogOf } from "../domain/book-content.view.js";
import type { Peers } from "../peers.js";
import { actorOf } from "../plugins/actor.js";
import { errorEnvelopeFor } from "../plugins/message-texts.js";
import { publicOrigin } from "../plugins/public-origin.js";
import { bookIdField } from "./schemas.js";

/**
 * Files: the editor's uploaded assets (upload-file, served by file id), upload logs and the original PDF download
 * (spec 000 §7, spec 001 §7). Payloads and replies: services/gateway/rest/book-content.md. The book service owns
 * every rule and limit; this file streams bytes between the client and S3's presigned URLs.
 */

/** A multipart upload's bytes beyond this are refused before they are buffered (100 MB attachment + form overhead). */
const multipartLimit = 100 * 1024 * 1024 + 256 * 1024;

/** Spec 000 §8: a reply whose code is not OK shows its msg, except add-upload-log's: its replies carry none. */
const silentOk = (logged: boolean) => okEnvelope({ logged });

/** Passes bytes on until `limit`; then fails the stream and remembers why. */
function sizeLimited(limit: number): { stream: Transform; exceeded: () => boolean } {
  let seen = 0;
  let over = false;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) {
        over = true;
        callback(new Error("upload too large"));
        return;
      }
      callback(null, chunk);
    },
  });
  return { stream, exceeded: () => over };
}

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

  // upload-file takes multipart/form-data: its parser lives in this scope only, and hands the body on as a stream.
  app.register(async (scope) => {
    scope.addContentTypeParser("multipart/form-data", (_request, payload, done) => done(null, payload));
    scope.post<{ Body: unknown }>("/api/common/upload-file", async (request) => {
      const userId = user(request);
      const contentType = request.headers["content-type"] ?? "";
      if (!(request.body instanceof Readable) || !contentType.startsWith("multipart/form-data")) {
        throw new DomainError("INVALID_ARGUMENT", message("chooseFile"), {
          details: { field: "file" },
        });
      }
      if (Number(request.headers["content-length"] ?? 0) > multipartLimit) {
        throw new DomainError("INVALID_ARGUMENT", message("fileTooLarge", { size: "100 MB" }), {
          details: { field: "file" },
        });
      }
      const limited = sizeLimited(multipartLimit);
      pipeline(request.body, limited.stream, () => {});
      let form: FormData;
      try {
        form = await new Request("http://upload.local/", {
          method: "POST",
          headers: { "content-type": contentType },
          body: Readable.toWeb(limited.stream) as ReadableStream,
          duplex: "half",
        } as RequestInit).formData();
      } catch {
        throw new DomainError(
          "INVALID_ARGUMENT",
          limited.exceeded() ? message("fileTooLarge", { size: "100 MB" }) : catalogueCodes.requestException,
          { details: { field: "file" } },
        );
      }
      const file = form.get("file");
      if (!(file instanceof File)) {
        throw new DomainError("INVALID_ARGUMENT", message("chooseFile"), { details: { field: "file" } });
      }
      const purpose = form.get("purpose");
      const head = Buffer.from(await file.slice(0, 64).arrayBuffer());
      const prepared = await book.prepareAssetUpload({
        userId,
        name: file.name,
        size: BigInt(file.size),
        head,
        purpose: typeof purpose === "string" ? purpose.slice(0, 20) : "",
      });
      const stored = await fetch(prepared.putUrl, {
        method: "PUT",
        body: file,
        headers: { "content-type": prepared.contentType },
      });
      await stored.body?.cancel();
      if (!stored.ok) {
        request.log.error({ status: stored.status }, "asset PUT refused by the store");
        throw new DomainError("UNAVAILABLE", message("uploadFailed"));
      }
      const { asset } = await book.commitAssetUpload({ userId, fileId: prepared.fileId });
      return okEnvelope(assetView(asset, origin(request)));
    });
  });
}
