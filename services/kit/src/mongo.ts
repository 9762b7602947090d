import mongoose, { type Connection } from "mongoose";
import type { Logger } from "./logger.js";

export type { Connection } from "mongoose";

/** Opens the service's own database; the driver reconnects by itself after a MongoDB restart. */
export async function connectMongo(options: { uri: string; database: string; log: Logger }): Promise<Connection> {
  const connection = mongoose.createConnection(options.uri, {
    dbName: options.database,
    serverSelectionTimeoutMS: 5_000,
    appName: options.database,
  });
  connection.on("disconnected", () => options.log.warn("mongodb disconnected"));
  connection.on("reconnected", () => options.log.info("mongodb reconnected"));
  await connection.asPromise();
  options.log.info({ database: options.database }, "mongodb connected");
  return connection;
}

export async function pingMongo(connection: Connection): Promise<void> {
  const db = connection.db;
  if (!db) throw new Error("mongodb connection is not open");
  await db.admin().command({ ping: 1 });
}

/** Whether a write failed on a unique index: with no transactions, unique indexes are the one atomic arbiter. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === 11000;
}

/** Runs a write that a unique index may refuse; answers false when it did (any other failure is thrown). */
export async function unlessDuplicate(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}
