import { type Connection, Schema } from "mongoose";

/**
 * One accepted write of bytes [offset, end) into a file: the commit point of a chunk. Its id is
 * `<taskId>:<fileId>:<offset>`, so of two writers at the same offset only one is accepted (the unique _id), and a
 * file's offset is the end of its last write.
 */
export interface UploadWriteDocument {
  _id: string;
  taskId: string;
  fileId: string;
  offset: number;
  end: number;
  /** The S3 part this write completed (1-based), or 0 when its bytes wait in a tail object. */
  partNumber: number;
  etag: string;
  /** Key of the object holding the bytes of the unfinished part up to `end`; empty when a part completed. */
  tailKey: string;
}

const uploadWriteSchema = new Schema<UploadWriteDocument>(
  {
    _id: { type: String, required: true },
    taskId: { type: String, required: true },
    fileId: { type: String, required: true },
    offset: { type: Number, required: true },
    end: { type: Number, required: true },
    partNumber: { type: Number, default: 0 },
    etag: { type: String, default: "" },
    tailKey: { type: String, default: "" },
  },
  { collection: "upload_writes", versionKey: false },
);
uploadWriteSchema.index({ taskId: 1, fileId: 1, offset: -1 });

export function uploadWriteModel(connection: Connection) {
  return connection.model<UploadWriteDocument>("UploadWrite", uploadWriteSchema);
}
