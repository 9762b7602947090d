import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { UploadTaskSchema } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import type { TaskView } from "./upload-desk.js";

export function taskMessage({ task, received, partSizeBytes }: TaskView): MessageInitShape<typeof UploadTaskSchema> {
  const files = task.files.map((file) => ({
    fileId: file.fileId,
    name: file.name,
    kind: file.kind,
    sizeBytes: BigInt(file.sizeBytes),
    receivedBytes: BigInt(file.skipped ? 0 : (received.get(file.fileId) ?? 0)),
    skipped: file.skipped,
    pages: file.pages,
  }));
  const kept = files.filter((file) => !file.skipped);
  return {
    taskId: task._id,
    state: task.state,
    message: task.message,
    title: task.title,
    bookId: task.bookId,
    bookNumber: task.bookNumber,
    revision: task.revision,
    files,
    bytes: {
      done: kept.reduce((total, file) => total + file.receivedBytes, 0n),
      total: kept.reduce((total, file) => total + file.sizeBytes, 0n),
    },
    expiresAt: timestampFromDate(task.expiresAt),
    partSizeBytes: BigInt(partSizeBytes),
  };
}
