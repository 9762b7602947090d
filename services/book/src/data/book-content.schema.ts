import { type Connection, Schema } from "mongoose";
import type { BusinessCardFields, CustomKindName } from "../domain/book-content.js";
import { modelOf } from "./model-of.js";

/** A custom config / content entry of a book, or (bookId "") a user's saved theme. */
export interface CustomEntryDocument {
  ownerId: string;
  bookId: string;
  kind: CustomKindName;
  key: string;
  /** JSON text (keys are free-form; text keeps them out of the store's key rules). */
  json: string;
  updatedAt?: Date;
}

export interface BusinessCardDocument extends BusinessCardFields {
  cardId: string;
  ownerId: string;
  createdAt?: Date;
}

export interface BrandDocument {
  brandId: string;
  ownerId: string;
  kind: string;
  title: string;
  logo: string;
  link: string;
  description: string;
  createdAt?: Date;
}

export interface UploadLogDocument {
  logId: string;
  userId: string;
  empty: boolean;
  /** The client's log as JSON text. */
  log: string;
  createdAt?: Date;
}

export interface AssetDocument {
  fileId: string;
  ownerId: string;
  key: string;
  name: string;
  size: number;
  contentType: string;
  /** upload-file's purpose ("" general, image, logo, audio, video, attachment): its pixel limits apply at commit. */
  purpose?: string;
  /** pending until the caller's PUT is committed. */
  state: "pending" | "ready";
  createdAt?: Date;
}

/** A book's editing lock: one document per book at most (unique bookId), so two sessions cannot both hold it. */
export interface BookLockDocument {
  bookId: string;
  userId: string;
  sessionId: string;
  since: Date;
  expiresAt: Date;
}

const lockSchema = new Schema<BookLockDocument>(
  {
    bookId: { type: String, required: true, unique: true },
    userId: { type: String, required: true },
    sessionId: { type: String, required: true },
    since: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: "book_locks" },
);

const customSchema = new Schema<CustomEntryDocument>(
  {
    ownerId: { type: String, required: true },
    bookId: { type: String, default: "" },
    kind: { type: String, required: true, enum: ["config", "content", "theme"] },
    key: { type: String, required: true },
    json: { type: String, required: true },
  },
  { collection: "book_custom", timestamps: true },
);
customSchema.index({ ownerId: 1, bookId: 1, kind: 1, key: 1 }, { unique: true });

const cardSchema = new Schema<BusinessCardDocument>(
  {
    cardId: { type: String, required: true, unique: true },
    ownerId: { type: String, required: true, index: true },
    name: String,
    title: String,
    company: String,
    phone: String,
    email: String,
    website: String,
    address: String,
    avatar: String,
    description: String,
  },
  { collection: "business_cards", timestamps: true },
);

const brandSchema = new Schema<BrandDocument>(
  {
    brandId: { type: String, required: true, unique: true },
    ownerId: { type: String, required: true, index: true },
    kind: { type: String, required: true },
    title: String,
    logo: String,
    link: String,
    description: String,
  },
  { collection: "brands", timestamps: true },
);

const uploadLogSchema = new Schema<UploadLogDocument>(
  {
    logId: { type: String, required: true, unique: true },
    userId: { type: String, required: true, index: true },
    empty: { type: Boolean, default: false },
    log: { type: String, default: "{}" },
  },
  { collection: "upload_logs", timestamps: true },
);

const assetSchema = new Schema<AssetDocument>(
  {
    fileId: { type: String, required: true, unique: true },
    ownerId: { type: String, required: true, index: true },
    key: { type: String, required: true },
    name: { type: String, required: true },
    size: { type: Number, required: true },
    contentType: { type: String, required: true },
    purpose: { type: String, default: "" },
    state: { type: String, enum: ["pending", "ready"], default: "pending" },
  },
  { collection: "assets", timestamps: true },
);

export function contentModels(connection: Connection) {
  return {
    custom: modelOf(connection, "BookCustom", customSchema),
    cards: modelOf(connection, "BusinessCard", cardSchema),
    brands: modelOf(connection, "Brand", brandSchema),
    uploadLogs: modelOf(connection, "UploadLog", uploadLogSchema),
    assets: modelOf(connection, "Asset", assetSchema),
    locks: modelOf(connection, "BookLock", lockSchema),
  };
}
