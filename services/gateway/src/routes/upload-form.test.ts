import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import multipart from "@fastify/multipart";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readUploadForm, UploadTooLarge } from "./upload-form.js";

const boundary = "turnleafboundary";
function multipartBody(parts: { name: string; fileName?: string; content: Buffer | string }[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    const fileName = part.fileName === undefined ? "" : `; filename="${part.fileName}"`;
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${fileName}\r\n\r\n`));
    pieces.push(Buffer.from(part.content));
    pieces.push(Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(pieces);
}

let folder: string;
const app = Fastify();
const seen: { size: number; head: string; content: string; purpose: string | undefined }[] = [];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), "turnleaf-upload-form-"));
  await app.register(multipart, {
    isPartAFile: (_field, _type, fileName) => fileName !== undefined,
    limits: { fileSize: 1024 * 1024, parts: Number.POSITIVE_INFINITY },
  });
  app.post("/", async (request, reply) => {
    try {
      const form = await readUploadForm(request, 1024 * 1024, folder);
      if (form.file) {
        seen.push({
          size: form.file.size,
          head: form.file.head(4).toString(),
          content: await readFile(form.file.path, "utf8"),
          purpose: form.purpose,
        });
        await form.file.discard();
      }
      return { ok: true };
    } catch (error) {
      return reply.status(error instanceof UploadTooLarge ? 413 : 400).send({ ok: false });
    }
  });
});
afterAll(async () => {
  await app.close();
  await rm(folder, { recursive: true, force: true });
});

const post = (payload: Buffer) =>
  app.inject({
    method: "POST",
    url: "/",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });

describe("upload-file's form (readUploadForm)", () => {
  it("writes the first file part to a file of its own, with its size and first bytes; discard removes it", async () => {
    const content = "%PDF-1.7 ".repeat(20_000);
    const reply = await post(
      multipartBody([
        { name: "purpose", content: "logo" },
        { name: "file", fileName: "a.pdf", content },
        { name: "file", fileName: "b.pdf", content: "second file, read and dropped" },
      ]),
    );
    expect(reply.json()).toEqual({ ok: true });
    expect(seen.at(-1)).toEqual({ size: content.length, head: "%PDF", content, purpose: "logo" });
    expect(await readdir(folder)).toEqual([]);
  });

  it("keeps each of many uploads at once apart, and leaves none behind", async () => {
    const before = seen.length;
    const contents = Array.from({ length: 8 }, (_, index) => `upload ${index} `.repeat(5_000 + index * 1_000));
    const replies = await Promise.all(
      contents.map((content, index) => post(multipartBody([{ name: "file", fileName: `${index}.txt`, content }]))),
    );
    for (const reply of replies) expect(reply.json()).toEqual({ ok: true });
    const received = seen.slice(before).map((entry) => entry.content);
    expect(received.sort()).toEqual([...contents].sort());
    expect(await readdir(folder)).toEqual([]);
  });

  it("refuses a body over the limit and leaves no part of the file behind", async () => {
    const reply = await post(
      multipartBody([{ name: "file", fileName: "big.bin", content: Buffer.alloc(1024 * 1024 + 10) }]),
    );
    expect(reply.statusCode).toBe(413);
    expect(await readdir(folder)).toEqual([]);
  });
});
