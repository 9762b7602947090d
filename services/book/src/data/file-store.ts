import type { S3Client } from "@turnleaf/kit";

/** How long a presigned URL lives: the caller uses it at once. */
const presignSeconds = 10 * 60;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "NoSuchKey" || code === "NotFound" || code === "NoSuchBucket";
}

/**
 * The book service's S3 view: the assets bucket it owns (editor uploads, under each user's folder) and, read only,
 * the books bucket the conversions write (a revision's manifest and its kept source PDF) and the sources bucket the
 * upload service writes (`uploads/<taskId>/<fileId>`, the uploaded originals). Bytes never pass through
 * this service: callers PUT and GET through short-lived presigned URLs.
 */
export class FileStore {
  constructor(
    private readonly s3: S3Client,
    readonly assetsBucket: string,
    readonly booksBucket: string,
    readonly sourcesBucket: string,
  ) {}

  presignAssetPut(key: string): Promise<string> {
    return this.s3.presignedPutObject(this.assetsBucket, key, presignSeconds);
  }

  presignAssetGet(key: string): Promise<string> {
    return this.s3.presignedGetObject(this.assetsBucket, key, presignSeconds);
  }

  /** The stored size of an asset, or null when nothing was PUT. */
  async assetSize(key: string): Promise<number | null> {
    try {
      return (await this.s3.statObject(this.assetsBucket, key)).size;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** An asset's stored bytes (pictures are at most 10 MB): what their pixel limits are measured on. */
  async assetBytes(key: string): Promise<Buffer> {
    const stream = await this.s3.getObject(this.assetsBucket, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** Stores bytes the service made itself (page audio's generated speech) as an asset. */
  async putAsset(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.s3.putObject(this.assetsBucket, key, bytes, bytes.length, { "Content-Type": contentType });
  }

  async removeAsset(key: string): Promise<void> {
    await this.s3.removeObject(this.assetsBucket, key);
  }

  /** A revision's manifest as parsed JSON, or null. */
  async manifest(bookId: string, revision: number): Promise<unknown> {
    try {
      const stream = await this.s3.getObject(this.booksBucket, `books/${bookId}/r${revision}/manifest.json`);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
    } catch (error) {
      if (isMissing(error) || error instanceof SyntaxError) return null;
      throw error;
    }
  }

  /**
   * Removes a revision's folder from the books bucket (the revision sweep: readers no longer get it, and its files
   * must not outlive a grace period). Answers how many objects went.
   */
  async removeRevision(bookId: string, revision: number): Promise<number> {
    const keys: string[] = [];
    for await (const item of this.s3.listObjectsV2(this.booksBucket, `books/${bookId}/r${revision}/`, true)) {
      if (item.name) keys.push(item.name);
    }
    for (let start = 0; start < keys.length; start += 1000) {
      await this.s3.removeObjects(this.booksBucket, keys.slice(start, start + 1000));
    }
    return keys.length;
  }

  /** The first uploaded original of a task that is a PDF (by its first bytes), in key order; null when none. */
  async sourcePdf(taskId: string): Promise<string | null> {
    const keys: string[] = [];
    for await (const item of this.s3.listObjectsV2(this.sourcesBucket, `uploads/${taskId}/`, true)) {
      if (item.name) keys.push(item.name);
      if (keys.length >= 50) break;
    }
    for (const key of keys.sort()) {
      const stream = await this.s3.getPartialObject(this.sourcesBucket, key, 0, 5);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      if (Buffer.concat(chunks).toString("latin1") === "%PDF-") return key;
    }
    return null;
  }

  presignSource(key: string, fileName: string): Promise<string> {
    return this.s3.presignedGetObject(this.sourcesBucket, key, presignSeconds, {
      "response-content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
    });
  }

  presignBookFile(bookId: string, revision: number, key: string, fileName: string): Promise<string> {
    return this.s3.presignedGetObject(this.booksBucket, `books/${bookId}/r${revision}/${key}`, presignSeconds, {
      "response-content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
    });
  }
}
