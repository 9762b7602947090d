import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";

/**
 * upload-file's multipart body read part by part as it arrives (@fastify/multipart, registered in its route's scope):
 * the first `file` part is kept as the chunks it arrived in (one copy, never joined), every other part is read and
 * dropped. The book service must know the size before it hands out the presigned URL, so the file is whole before
 * it is sent on; the PUT then streams those chunks with their length.
 */

/** The body's parts together went past the limit, or the file hit the parser's fileSize limit. */
export class UploadTooLarge extends Error {}

export type UploadedFile = {
  name: string;
  size: number;
  chunks: Buffer[];
  /** The file's first `length` bytes (fewer when it is shorter). */
  head: (length: number) => Buffer;
};

/** The form as upload-file reads it: the first `file` entry if it is a file, and the first `purpose` if it is text. */
export type UploadForm = { file: UploadedFile | undefined; purpose: string | undefined };

/** Reads every part; more than `limit` bytes of file and field content together throws UploadTooLarge. */
export async function readUploadForm(request: FastifyRequest, limit: number): Promise<UploadForm> {
  let seen = 0;
  const count = (bytes: number) => {
    seen += bytes;
    if (seen > limit) throw new UploadTooLarge("upload too large");
  };
  const form: UploadForm = { file: undefined, purpose: undefined };
  let fileNamed = false;
  let purposeNamed = false;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      const value = typeof part.value === "string" ? part.value : String(part.value);
      count(Buffer.byteLength(value));
      if (part.fieldname === "file") fileNamed = true;
      if (part.fieldname === "purpose" && !purposeNamed) {
        purposeNamed = true;
        form.purpose = value;
      }
      continue;
    }
    if (part.fieldname === "purpose") purposeNamed = true;
    const keep = part.fieldname === "file" && !fileNamed;
    if (part.fieldname === "file") fileNamed = true;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      count(chunk.length);
      size += chunk.length;
      if (keep) chunks.push(chunk);
    }
    if (part.file.truncated) throw new UploadTooLarge("upload too large");
    if (keep) form.file = { name: part.filename, size, chunks, head: (length) => headOf(chunks, length) };
  }
  return form;
}

function headOf(chunks: Buffer[], length: number): Buffer {
  const parts: Buffer[] = [];
  let taken = 0;
  for (const chunk of chunks) {
    if (taken >= length) break;
    const piece = chunk.subarray(0, length - taken);
    parts.push(piece);
    taken += piece.length;
  }
  return Buffer.concat(parts);
}

/** PUTs the chunks to a presigned URL with their exact length (a store takes no chunked body); answers the status. */
export async function putChunks(url: string, contentType: string, chunks: Buffer[], size: number): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<number>((resolve, reject) => {
    const put = send(target, {
      method: "PUT",
      headers: { "content-type": contentType, "content-length": String(size) },
    });
    put.once("response", (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
      response.once("error", reject);
    });
    pipeline(Readable.from(chunks), put).catch(reject);
  });
}
