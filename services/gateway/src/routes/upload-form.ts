import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";

/**
 * upload-file's multipart body read part by part as it arrives (@fastify/multipart, registered in its route's scope):
 * the first `file` part is written to a file of its own in the temporary folder as it arrives, every other part is
 * read and dropped. The book service must know the size before it hands out the presigned URL, so the file is whole
 * before it is sent on; the PUT then streams it from that file with its length. Memory holds a chunk at a time, not
 * the file (an 80 MB attachment held 109 MB when the gateway kept its chunks).
 */

/** How many of the file's first bytes are kept in memory for `head` (the book service reads 64 to sniff the type). */
const headBytes = 4096;

/** The body's parts together went past the limit, or the file hit the parser's fileSize limit. */
export class UploadTooLarge extends Error {}

export type UploadedFile = {
  name: string;
  size: number;
  /** The temporary file holding its bytes; `discard` removes it. */
  path: string;
  /** The file's first `length` bytes (fewer when it is shorter; at most 4096). */
  head: (length: number) => Buffer;
  discard: () => Promise<void>;
};

/** The form as upload-file reads it: the first `file` entry if it is a file, and the first `purpose` if it is text. */
export type UploadForm = { file: UploadedFile | undefined; purpose: string | undefined };

/**
 * Reads every part; more than `limit` bytes of file and field content together throws UploadTooLarge. The kept file
 * (in `folder`) is removed again when reading fails; otherwise the caller discards it.
 */
export async function readUploadForm(
  request: FastifyRequest,
  limit: number,
  folder: string = tmpdir(),
): Promise<UploadForm> {
  let seen = 0;
  const count = (bytes: number) => {
    seen += bytes;
    if (seen > limit) throw new UploadTooLarge("upload too large");
  };
  const form: UploadForm = { file: undefined, purpose: undefined };
  let fileNamed = false;
  let purposeNamed = false;
  let spooled: string | undefined;
  try {
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
      if (!keep) {
        for await (const chunk of part.file as AsyncIterable<Buffer>) count(chunk.length);
        if (part.file.truncated) throw new UploadTooLarge("upload too large");
        continue;
      }
      const path = join(folder, `turnleaf-upload-${randomUUID()}`);
      spooled = path;
      const head: Buffer[] = [];
      let size = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          try {
            count(chunk.length);
          } catch (error) {
            done(error as Error);
            return;
          }
          if (size < headBytes) head.push(chunk.subarray(0, headBytes - size));
          size += chunk.length;
          done(null, chunk);
        },
      });
      await pipeline(part.file, measure, createWriteStream(path, { mode: 0o600 }));
      if (part.file.truncated) throw new UploadTooLarge("upload too large");
      const first = Buffer.concat(head);
      form.file = {
        name: part.filename,
        size,
        path,
        head: (length) => first.subarray(0, length),
        discard: () => rm(path, { force: true }),
      };
    }
  } catch (error) {
    if (spooled) await rm(spooled, { force: true });
    throw error;
  }
  return form;
}

/** PUTs the file to a presigned URL with its exact length (a store takes no chunked body); answers the status. */
export async function putFile(url: string, contentType: string, file: UploadedFile): Promise<number> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<number>((resolve, reject) => {
    const put = send(target, {
      method: "PUT",
      headers: { "content-type": contentType, "content-length": String(file.size) },
    });
    put.once("response", (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
      response.once("error", reject);
    });
    pipeline(createReadStream(file.path), put).catch(reject);
  });
}
