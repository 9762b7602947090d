/**
 * The editor's package builds (publish dialog): the gateway's own collections in its database turnleaf-gateway.
 * `package_jobs` holds each build's state (queued, building, ready, failed) and, once ready, where its file is in the
 * books bucket; `apk_releases` holds every APK a book was published as (the §5 update rules read the last one; a
 * unique index on book and version number keeps two builds from taking the same number).
 */
import { type Connection, connectMongo, type Logger, unlessDuplicate } from "@turnleaf/kit";
import type { ApkInfo } from "@turnleaf/kit/apk-info";
import type { PackageFormat } from "./package-rules.js";

export type PackageState = "queued" | "building" | "ready" | "failed";

export interface PackageJob {
  jobId: string;
  userId: string;
  bookId: string;
  format: PackageFormat;
  state: PackageState;
  createdAt: Date;
  finishedAt?: Date;
  /** The file's name as the browser saves it, its key in the books bucket and its size. */
  fileName?: string;
  objectKey?: string;
  bytes?: number;
  /** A failed build: the coded message (key and parameters), or the tool's own message, shown to the user. */
  failure?: { key: string; params: Record<string, string | number> } | { text: string };
  apk?: ApkInfo;
}

export interface ApkRelease extends ApkInfo {
  bookId: string;
  userId: string;
  publishedAt: Date;
}

export interface PackageStore {
  insertJob(job: PackageJob): Promise<void>;
  job(jobId: string): Promise<PackageJob | undefined>;
  updateJob(jobId: string, change: Partial<PackageJob>): Promise<void>;
  /** The book's APK builds not finished yet, begun since `since` (an APK update waits for the one before it). */
  openApkJobs(bookId: string, since: Date): Promise<number>;
  lastRelease(bookId: string): Promise<ApkRelease | undefined>;
  /** False when the book has an APK of this version number already. */
  insertRelease(release: ApkRelease): Promise<boolean>;
  close(): Promise<void>;
}

export function packageStoreOn(connection: Connection, close: () => Promise<void> = async () => {}): PackageStore {
  const jobs = connection.collection("package_jobs");
  const releases = connection.collection("apk_releases");
  let indexed: Promise<unknown> | undefined;
  const ready = () => {
    indexed ??= Promise.all([
      jobs.createIndex({ jobId: 1 }, { unique: true }),
      jobs.createIndex({ bookId: 1, state: 1 }),
      releases.createIndex({ bookId: 1, versionCode: 1 }, { unique: true }),
    ]);
    return indexed;
  };
  return {
    async insertJob(job) {
      await ready();
      await jobs.insertOne({ ...job });
    },
    async job(jobId) {
      await ready();
      const row = await jobs.findOne({ jobId }, { projection: { _id: 0 } });
      return (row as unknown as PackageJob | null) ?? undefined;
    },
    async updateJob(jobId, change) {
      await ready();
      await jobs.updateOne({ jobId }, { $set: change });
    },
    async openApkJobs(bookId, since) {
      await ready();
      return jobs.countDocuments({
        bookId,
        format: "apk",
        state: { $in: ["queued", "building"] },
        createdAt: { $gte: since },
      });
    },
    async lastRelease(bookId) {
      await ready();
      const row = await releases
        .find({ bookId }, { projection: { _id: 0 } })
        .sort({ versionCode: -1 })
        .limit(1)
        .next();
      return (row as unknown as ApkRelease | null) ?? undefined;
    },
    async insertRelease(release) {
      await ready();
      return unlessDuplicate(() => releases.insertOne({ ...release }));
    },
    close,
  };
}

export async function connectPackageStore(uri: string, log: Logger): Promise<PackageStore> {
  const connection = await connectMongo({ uri, database: "turnleaf-gateway", log });
  return packageStoreOn(connection, () => connection.close());
}
