import {
  ConversionJobProgressedSchema,
  ConversionJobState,
} from "@turnleaf/contracts/conversion/v1/conversion_events_pb";
import { UploadTaskState, UploadTaskStateChangedSchema } from "@turnleaf/contracts/upload/v1/upload_events_pb";
import { type UploadProgressService, WatchPhase } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { followEvents, type NatsConnection, type ServiceImplementation, streams, subjects } from "@turnleaf/kit";
import { uploadMessages } from "../domain/messages.js";
import type { UploadDesk } from "./upload-desk.js";

/**
 * WatchUpload: the task's state events from the start of its subject (byte progress included) until all files
 * are uploaded, then the conversion job's progress events, ending with READY or FAILED. Ordered: each phase is one
 * ordered consumer replaying its subject, so a late watcher sees the same sequence as an early one.
 */
export function progressHandlers(
  desk: UploadDesk,
  nats: NatsConnection,
): ServiceImplementation<typeof UploadProgressService> {
  return {
    async *watchUpload(request, { signal }) {
      const { view } = await desk.get(request.userId, request.taskId, "");
      const task = view.task;
      let bookId = task.bookId;
      let revision = task.revision;

      if (task.state === UploadTaskState.FAILED || task.state === UploadTaskState.CANCELLED) {
        yield { phase: WatchPhase.FAILED, uploadState: task.state, message: task.message || uploadMessages.failed };
        return;
      }
      if (task.state !== UploadTaskState.COMPLETED) {
        const taskSubject = subjects.uploadTaskState(task._id);
        const states = followEvents(nats, streams.upload.name, taskSubject, UploadTaskStateChangedSchema, signal);
        for await (const event of states) {
          yield {
            phase: WatchPhase.UPLOAD,
            uploadState: event.state,
            bytes: event.bytes,
            message: event.message,
            bookId: event.bookId,
            revision: event.revision,
          };
          if (event.state === UploadTaskState.COMPLETED) {
            bookId = event.bookId;
            revision = event.revision;
            break;
          }
          if (event.state === UploadTaskState.FAILED || event.state === UploadTaskState.CANCELLED) {
            yield {
              phase: WatchPhase.FAILED,
              uploadState: event.state,
              message: event.message || uploadMessages.failed,
            };
            return;
          }
        }
      } else {
        const bytes = {
          done: BigInt(task.files.reduce((total, file) => total + (file.skipped ? 0 : file.sizeBytes), 0)),
        };
        yield {
          phase: WatchPhase.UPLOAD,
          uploadState: task.state,
          bytes: { ...bytes, total: bytes.done },
          bookId,
          revision,
        };
      }
      if (signal.aborted) return;

      const jobSubject = subjects.conversionJobProgress(task._id);
      const jobEvents = followEvents(nats, streams.conversion.name, jobSubject, ConversionJobProgressedSchema, signal);
      for await (const event of jobEvents) {
        const progress = {
          uploadState: UploadTaskState.COMPLETED,
          conversionState: event.state,
          pages: event.pages,
          message: event.message,
          bookId: event.bookId || bookId,
          revision: event.revision || revision,
          manifestKey: event.manifestKey,
        };
        yield { phase: WatchPhase.CONVERSION, ...progress };
        if (event.state === ConversionJobState.COMPLETED) {
          yield { phase: WatchPhase.READY, ...progress };
          return;
        }
        if (event.state === ConversionJobState.FAILED) {
          yield { phase: WatchPhase.FAILED, ...progress };
          return;
        }
      }
    },
  };
}
