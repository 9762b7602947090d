import type { S3Client } from "@turnleaf/kit";

/** How long a presigned URL lives: the caller uses it at once. */
const presignSeconds = 10 * 60;

function isMissing(error: unknown): boolean {
  const code = (error as { code?: string }).code;
  return code === "NoSuchKey" || code === "NotFound" || code === "NoSuchBucket";
}

/**
 * The book service's S3 view: the assets bucket it owns (editor uploads, under each user's folder) and, read only,
 * the books bucket the conversions write (a revision's manifest and its kept source PDF). Bytes never pass through
 * this service: callers PUT and GET through short-lived presigned URLs.
 */
export class FileStore {
  constructor(
    private readonly s3: S3Client,
    readonly assetsBucket: string,
    readonly booksBucket: string,
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

  presignBookFile(bookId: string, revision: number, key: string, fileName: string): Promise<string> {
    return this.s3.presignedGetObject(this.booksBucket, `books/${bookId}/r${revision}/${key}`, presignSeconds, {
      "response-content-disposition": `attachment; filename="${fileName.replace(/[^\w.-]/g, "_")}"`,
    });
  }
}
