import { type Connection, Schema } from "mongoose";

export interface UploadFileRecord {
  fileId: string;
  /** The client's name, for messages only. */
  name: string;
  /** SourceKind (PDF 1, IMAGE 2). */
  kind: number;
  contentType: string;
  sizeBytes: number;
  /** Lower-case hex; empty when the client sent none. */
  sha256: string;
  skipped: boolean;
  /** Server-generated key in the sources bucket. */
  key: string;
  /** The S3 multipart upload the parts go into; empty for a reconversion's already stored file. */
  multipartUploadId: string;
  /** Pages of a PDF, once checked at completion. */
  pages: number;
}

export interface StateStep {
  state: number;
  at: Date;
}

export interface UploadTaskDocument {
  _id: string;
  userId: string;
  teamId: string;
  folderId: string;
  /** Begun from a host outside the product's own: the completion's slot is reserved as for user type 32. */
  nonProductHost?: boolean;
  /** UploadChannel (WEB 1, DESKTOP 2). */
  channel: number;
  title: string;
  keywords: string;
  description: string;
  /** The upload form's category (digits; "" none), given to the book service with the book. */
  categoryId?: string;
  /** Spec 000 folder type of the new book (1 book, 2 publication): which quota its slot is taken from. */
  folderType?: number;
  /** Pages inserted into bookId at this position (a page edit of baseRevision); 0 or absent: not an insert. */
  insertPosition?: number;
  baseRevision?: number;
  /** The book overwritten or reconverted, then the book the upload made. */
  bookId: string;
  bookNumber: string;
  revision: number;
  /** UploadTaskState. */
  state: number;
  message: string;
  /** The REST code a failed task answers with again. */
  failureCode: string;
  history: StateStep[];
  files: UploadFileRecord[];
  /** ConversionOptions as plain values. */
  options: Record<string, unknown>;
  /** A custom page range; null: all pages. */
  pageRange: string | null;
  trial: boolean;
  /** A protected PDF's password (handed to the conversion job). */
  password: string;
  /** The task whose sources a reconversion converts again. */
  reconvertOf: string;
  expiresAt: Date;
  completedAt: Date | null;
  createdAt?: Date;
}

const fileSchema = new Schema<UploadFileRecord>(
  {
    fileId: { type: String, required: true },
    name: { type: String, required: true },
    kind: { type: Number, required: true },
    contentType: { type: String, default: "" },
    sizeBytes: { type: Number, required: true },
    sha256: { type: String, default: "" },
    skipped: { type: Boolean, default: false },
    key: { type: String, required: true },
    multipartUploadId: { type: String, default: "" },
    pages: { type: Number, default: 0 },
  },
  { _id: false },
);

const uploadTaskSchema = new Schema<UploadTaskDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    teamId: { type: String, default: "0" },
    folderId: { type: String, default: "0" },
    nonProductHost: { type: Boolean, default: false },
    channel: { type: Number, required: true },
    title: { type: String, required: true },
    keywords: { type: String, default: "" },
    description: { type: String, default: "" },
    categoryId: { type: String, default: "" },
    folderType: { type: Number, enum: [1, 2], default: 1 },
    insertPosition: { type: Number, default: 0 },
    baseRevision: { type: Number, default: 0 },
    bookId: { type: String, default: "" },
    bookNumber: { type: String, default: "" },
    revision: { type: Number, default: 0 },
    state: { type: Number, required: true },
    message: { type: String, default: "" },
    failureCode: { type: String, default: "" },
    history: { type: [{ state: Number, at: Date, _id: false }], default: [] },
    files: { type: [fileSchema], default: [] },
    options: { type: Schema.Types.Mixed, default: {} },
    pageRange: { type: String, default: null },
    trial: { type: Boolean, default: false },
    password: { type: String, default: "" },
    reconvertOf: { type: String, default: "" },
    expiresAt: { type: Date, required: true },
    completedAt: { type: Date, default: null },
  },
  { collection: "upload_tasks", timestamps: true, minimize: false },
);
uploadTaskSchema.index({ userId: 1, createdAt: -1 });
uploadTaskSchema.index({ bookId: 1, createdAt: -1 });
uploadTaskSchema.index({ state: 1, expiresAt: 1 });

export function uploadTaskModel(connection: Connection) {
  return connection.model<UploadTaskDocument>("UploadTask", uploadTaskSchema);
}
