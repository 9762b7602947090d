import { constants } from "node:zlib";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Text the gateway compresses on the fly: HTML, CSS, scripts, JSON (REST envelopes, book.json, a book's text and
 * search index), XML and SVG. Not Connect's streaming bodies (`application/connect+json`): a compressor buffers,
 * and a progress stream must reach the editor message by message; not event streams for the same reason.
 */
export function compressibleType(contentType: string): boolean {
  const type = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.startsWith("application/connect+") || type === "text/event-stream") return false;
  if (type.startsWith("text/")) return true;
  return (
    type === "application/json" ||
    type === "application/javascript" ||
    type === "application/xml" ||
    type === "image/svg+xml" ||
    type === "application/manifest+json" ||
    type.endsWith("+json") ||
    type.endsWith("+xml")
  );
}

/**
 * Brotli (preferred) or gzip for every text response, with `Vary: Accept-Encoding`. Registered before any route:
 * the plugin hooks each route as it is added. The apps' own files arrive precompressed at build time (the static
 * routes' `preCompressed`), which this leaves alone; brotli quality 4 keeps on-the-fly compression cheap.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    encodings: ["br", "gzip"],
    threshold: 1024,
    customTypes: compressibleType,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Requests are the gateway's own business (forms, uploads); only answers are compressed.
    globalDecompression: false,
  });
  // A text answer below the threshold goes out as it is, yet a bigger one at the same address would not: every
  // compressible answer names Accept-Encoding in Vary, so a shared cache never hands one encoding to the other.
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && compressibleType(type)) addVary(reply, "accept-encoding");
    return payload;
  });
}

/** Adds a request header name to Vary unless it (or `*`) is there already. */
export function addVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader("vary");
  const text = Array.isArray(current) ? current.join(", ") : current === undefined ? "" : String(current);
  const names = text
    .split(",")
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  if (names.includes("*") || names.includes(name)) return;
  reply.header("vary", [...names, name].join(", "));
}
