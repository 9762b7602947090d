import { SourceKind } from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import type { UploadChannel } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { DomainError, internalFault } from "@turnleaf/kit";
import type { UploadWriteDocument } from "../../data/upload-write.schema.js";
import { signatureFits } from "../../domain/completion-rules.js";
import { pdfHeaderWindow, signatureBytes, sniff } from "../../domain/file-signature.js";
import { messagesFor, uploadCodes, uploadMessages } from "../../domain/messages.js";
import { afterChunk, isFinal } from "../../domain/task-state.js";
import { uploadBytes } from "../../metrics.js";
import { SourceStore } from "../../sources/source-store.js";
import type { TaskView, UploadDeskDependencies } from "./desk-dependencies.js";
import { announce, changedMeanwhile, movedMeanwhile, offsets, ownTask } from "./task-records.js";

export function offsetConflict(fileId: string, offset: number): DomainError {
  return new DomainError("CONFLICT", uploadMessages.offsetConflict(offset), {
    restCode: uploadCodes.offsetConflict,
    details: { fileId, offset },
  });
}

/**
 * Appends bytes at the file's offset. The data is cut at part boundaries: a slice that completes a part goes to
 * S3 as that part (with the parked tail before it), any other slice joins the tail object. Each slice commits by
 * inserting its write record; a writer that loses the insert answers a conflict with the offset in force.
 */
export async function writeChunk(
  deps: UploadDeskDependencies,
  input: {
    userId: string;
    taskId: string;
    fileId: string;
    offset: number;
    data: Uint8Array;
  },
): Promise<{ offset: number; view: TaskView }> {
  const task = await ownTask(deps, input.taskId, input.userId);
  const file = task.files.find((candidate) => candidate.fileId === input.fileId);
  if (!file) throw new DomainError("NOT_FOUND", uploadMessages.noSuchFile, { details: { fileId: input.fileId } });
  if (file.skipped) throw new DomainError("FAILED_PRECONDITION", uploadMessages.fileSkipped(file.name));
  const next = afterChunk(task.state, task.message);
  if (task.expiresAt.getTime() < deps.now().getTime())
    throw new DomainError("FAILED_PRECONDITION", uploadMessages.expired);

  let latest = await deps.writes.latest(task._id, file.fileId);
  let offset = latest?.end ?? 0;
  if (input.offset !== offset) throw offsetConflict(file.fileId, offset);
  const data = Buffer.from(input.data.buffer, input.data.byteOffset, input.data.byteLength);
  if (offset + data.length > file.sizeBytes) {
    throw new DomainError("INVALID_ARGUMENT", uploadMessages.tooLarge(file.name, file.sizeBytes), {
      details: { fileId: file.fileId, offset, sizeBytes: file.sizeBytes },
    });
  }
  if (offset === 0 && data.length >= signatureBytes && file.kind === SourceKind.OFFICE) {
    if (!signatureFits(file.kind, sniff(data), task.channel as UploadChannel)) {
      throw new DomainError("INVALID_ARGUMENT", uploadMessages.incorrectFileFormat, {
        details: { fileId: file.fileId },
      });
    }
  }
  if (offset === 0 && data.length >= signatureBytes && file.kind === SourceKind.IMAGE) {
    if (!signatureFits(file.kind, sniff(data), task.channel as UploadChannel)) {
      throw new DomainError("INVALID_ARGUMENT", messagesFor(task.channel).imageTypes, {
        details: { fileId: file.fileId },
      });
    }
  }
  if (offset === 0 && data.length >= pdfHeaderWindow && file.kind === SourceKind.PDF && sniff(data) !== "pdf") {
    throw new DomainError("INVALID_ARGUMENT", uploadMessages.incorrectFileFormat, {
      details: { fileId: file.fileId },
    });
  }

  const partSize = deps.settings.partSizeBytes;
  // An empty write only asks whether the offset is right (the gateway sends one before reading a body).
  if (data.length === 0)
    return { offset, view: { task, received: await offsets(deps, task), partSizeBytes: partSize } };
  let rest = data;
  while (rest.length > 0) {
    const partIndex = Math.floor(offset / partSize);
    const partStart = partIndex * partSize;
    const partEnd = Math.min(partStart + partSize, file.sizeBytes);
    const slice = rest.subarray(0, Math.min(rest.length, partEnd - offset));
    const parked = offset > partStart && latest?.tailKey ? await deps.store.readTail(latest.tailKey) : Buffer.alloc(0);
    if (parked.length !== offset - partStart) {
      throw internalFault(
        `tail of ${task._id}/${file.fileId} holds ${parked.length} bytes, expected ${offset - partStart}`,
      );
    }
    const body = Buffer.concat([parked, slice]);
    const end = offset + slice.length;
    const write: UploadWriteDocument = {
      _id: `${task._id}:${file.fileId}:${offset}`,
      taskId: task._id,
      fileId: file.fileId,
      offset,
      end,
      partNumber: 0,
      etag: "",
      tailKey: "",
    };
    if (end === partEnd) {
      write.partNumber = partIndex + 1;
      write.etag = await deps.store.uploadPart(file.key, file.multipartUploadId, write.partNumber, body);
    } else {
      write.tailKey = SourceStore.tailKey(task._id, file.fileId, end);
      await deps.store.putTail(write.tailKey, body);
    }
    if (!(await deps.writes.tryCommit(write))) {
      const current = (await deps.writes.latest(task._id, file.fileId))?.end ?? 0;
      throw offsetConflict(file.fileId, current);
    }
    uploadBytes.inc(slice.length);
    if (latest?.tailKey) await deps.store.remove([latest.tailKey]).catch(() => undefined);
    latest = write;
    offset = end;
    rest = rest.subarray(slice.length);
  }

  if (next !== task.state) {
    // Only from the state the chunk was accepted in: a pause or cancel that landed meanwhile stays. The bytes are
    // kept under a pause (the answer says so); a finished task refuses them.
    if (await deps.tasks.setState(task._id, task.state, next)) task.state = next;
    else {
      const now = await movedMeanwhile(deps, task);
      if (isFinal(now.state)) throw changedMeanwhile(task.state, now.state);
      Object.assign(task, now);
    }
  }
  const received = await offsets(deps, task);
  await announce(deps, task, received);
  return { offset, view: { task, received, partSizeBytes: partSize } };
}
