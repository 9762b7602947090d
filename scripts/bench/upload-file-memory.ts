/**
 * upload-file memory (issue #32 item 8): the gateway's peak RSS increase while one 80 MB attachment is posted to
 * `/api/common/upload-file` over real HTTP. In-process, not the whole stack: a fastify app with the gateway's own
 * file routes (registerFileRoutes, the gateway's @fastify/formbody beside it), the book service answered by a stand-in
 * that accepts any attachment, and the presigned PUT going to a loopback sink in this process that drops the bytes.
 * The client is `curl` (a child process, so the 80 MB it sends is not in this process). Measured: RSS sampled every
 * 2 ms (and VmHWM from /proc/self/status) from just before the post until its reply, minus RSS just before; also the
 * peak of arrayBuffers (Buffers live outside the JS heap). Run with `npm run bench:upload-file-memory`
 * (BENCH_MB sets the size). Not a test: the numbers depend on the machine and its allocator.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import formBody from "@fastify/formbody";
import Fastify from "fastify";
import type { Peers } from "../../services/gateway/src/peers.js";
import { registerFileRoutes } from "../../services/gateway/src/routes/files.routes.js";

const out = (line: string) => process.stdout.write(`${line}\n`);
const megabytes = Number(process.env.BENCH_MB ?? 80);
const mb = (bytes: number) => (bytes / 1048576).toFixed(1);

async function vmHwm(): Promise<number> {
  const status = await readFile("/proc/self/status", "utf8");
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** A file of `size` bytes that reads as a PDF (the stand-in book service does not look, but the bytes are real). */
async function attachment(folder: string, size: number): Promise<string> {
  const path = join(folder, "attachment.pdf");
  const file = createWriteStream(path);
  const block = Buffer.alloc(1048576, 32);
  file.write("%PDF-1.4\n");
  for (let written = 9; written < size; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    if (!file.write(piece)) await new Promise<void>((resolve) => file.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) => file.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return path;
}

function curlPost(url: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const curl = spawn("curl", ["-sS", "-F", "purpose=attachment", "-F", `file=@${path};filename=big.pdf`, url]);
    let body = "";
    curl.stdout.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    curl.stderr.pipe(process.stderr);
    curl.once("error", reject);
    curl.once("close", (code) => (code === 0 ? resolve(body) : reject(new Error(`curl exited ${code}`))));
  });
}

async function main() {
  const folder = await mkdtemp(join(tmpdir(), "upload-file-memory-"));
  let stored = 0;
  const sink = createServer((request, response) => {
    let received = 0;
    request.on("data", (chunk: Buffer) => {
      received += chunk.length;
    });
    request.on("end", () => {
      stored = received;
      response.end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/asset`;
  let size = 0n;
  const book = {
    async prepareAssetUpload(request: { size: bigint }) {
      size = request.size;
      return { fileId: "bench", putUrl: sinkUrl, contentType: "application/pdf" };
    },
    async commitAssetUpload() {
      return { asset: { fileId: "bench", name: "big.pdf", size, contentType: "application/pdf", ownerId: "bench" } };
    },
  };
  const app = Fastify({ logger: false });
  await app.register(formBody);
  app.decorateRequest("actor", undefined);
  app.decorateRequest("publicOrigin", "");
  app.addHook("onRequest", async (request) => {
    request.actor = { userId: "bench" };
    request.publicOrigin = "http://bench.local";
  });
  registerFileRoutes(app, { book } as unknown as Peers);
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const url = `${address}/api/common/upload-file`;
  try {
    // Warm up once with a small file, so the measurement is of the 80 MB and not of code loading.
    const small = await attachment(folder, 64 * 1024);
    const warm = JSON.parse(await curlPost(url, small)) as { code: string };
    if (warm.code !== "OK") throw new Error(`warm-up refused: ${JSON.stringify(warm)}`);
    const path = await attachment(folder, megabytes * 1048576);
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = process.memoryUsage();
    const hwmBefore = await vmHwm();
    let peakRss = before.rss;
    let peakBuffers = before.arrayBuffers;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
    }, 2);
    const started = performance.now();
    const reply = JSON.parse(await curlPost(url, path)) as { code: string; data: { size: number } };
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    const hwmAfter = await vmHwm();
    if (reply.code !== "OK" || stored !== megabytes * 1048576) {
      throw new Error(`upload failed: ${JSON.stringify(reply)}, store received ${stored} bytes`);
    }
    out(
      `upload-file ${megabytes} MB attachment: peak RSS +${mb(peakRss - before.rss)} MB (sampled), ` +
        `VmHWM +${mb(Math.max(0, hwmAfter - hwmBefore))} MB, peak arrayBuffers +${mb(peakBuffers - before.arrayBuffers)} MB, ` +
        `${Math.round(elapsed)} ms (RSS before ${mb(before.rss)} MB, in-process gateway routes, curl client)`,
    );
  } finally {
    await app.close();
    sink.close();
    await rm(folder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:upload-file-memory failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
