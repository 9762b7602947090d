import { randomUUID } from "node:crypto";
import { createLogger, createS3Client, ensureBuckets, pingS3 } from "@turnleaf/kit";
import { describe, expect, it } from "vitest";
import { workerStores } from "../setup/worker-stores.js";

const log = createLogger({ service: "test", level: "silent" });
const settings = workerStores().s3;
const client = createS3Client(settings);
const bucket = `test-${randomUUID().slice(0, 8)}`;

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe("S3 helpers against the real MinIO", () => {
  it("creates buckets idempotently, also when replicas race", async () => {
    await Promise.all([1, 2, 3].map(() => ensureBuckets(client, [bucket], settings.region, log)));
    await expect(pingS3(client, bucket)).resolves.toBeUndefined();
    await expect(pingS3(client, `${bucket}-missing`)).rejects.toThrow(/missing/);
  });

  it("puts and gets an object with its content type", async () => {
    const body = Buffer.from("%PDF-1.7 a tiny pretend page");
    await client.putObject(bucket, "books/b1/r1/source.pdf", body, body.length, { "Content-Type": "application/pdf" });
    const stat = await client.statObject(bucket, "books/b1/r1/source.pdf");
    expect(stat.size).toBe(body.length);
    expect(stat.metaData["content-type"]).toBe("application/pdf");
    expect(await readAll(await client.getObject(bucket, "books/b1/r1/source.pdf"))).toEqual(body);
  });

  it("streams a multipart upload of unknown size", async () => {
    const part = Buffer.alloc(6 * 1024 * 1024, 7);
    const { Readable } = await import("node:stream");
    await client.putObject(bucket, "big.bin", Readable.from([part, part]), undefined, {});
    expect((await client.statObject(bucket, "big.bin")).size).toBe(part.length * 2);
  });

  it("serves a presigned GET URL to a plain HTTP client, and refuses it once tampered", async () => {
    await client.putObject(bucket, "pages/1/1600.webp", Buffer.from("webp-bytes"));
    const url = await client.presignedGetObject(bucket, "pages/1/1600.webp", 60);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("webp-bytes");
    const tampered = url.replace("1600.webp", "1280.webp");
    expect((await fetch(tampered)).status).toBe(403);
  });
});
