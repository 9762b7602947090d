import { Client } from "minio";
import type { Logger } from "./logger.js";

export type { Client as S3Client } from "minio";

export interface S3Settings {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region: string;
}

/** The S3 variables every service with storage reads. */
export interface S3Environment {
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}

export function s3SettingsFrom(config: S3Environment): S3Settings {
  return {
    endpoint: config.S3_ENDPOINT,
    accessKey: config.S3_ACCESS_KEY_ID,
    secretKey: config.S3_SECRET_ACCESS_KEY,
    region: config.S3_REGION,
  };
}

/** A minio client for any S3-compatible endpoint (path-style, so MinIO and others work alike). */
export function createS3Client(settings: S3Settings): Client {
  const url = new URL(settings.endpoint);
  const useSSL = url.protocol === "https:";
  return new Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: settings.accessKey,
    secretKey: settings.secretKey,
    region: settings.region,
    pathStyle: true,
  });
}

/** Creates the buckets a service writes to; safe when several replicas start at once. */
export async function ensureBuckets(client: Client, buckets: string[], region: string, log: Logger): Promise<void> {
  for (const bucket of buckets) {
    if (await client.bucketExists(bucket)) continue;
    try {
      await client.makeBucket(bucket, region);
      log.info({ bucket }, "bucket created");
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== "BucketAlreadyOwnedByYou" && code !== "BucketAlreadyExists") throw error;
    }
  }
}

export async function pingS3(client: Client, bucket: string): Promise<void> {
  if (!(await client.bucketExists(bucket))) throw new Error(`bucket ${bucket} is missing`);
}
