import { UploadOperation, type UploadService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { catalogueCodes, DomainError, fieldProblem, message, type ServiceImplementation } from "@turnleaf/kit";
import type { Operation } from "../domain/task-state.js";
import { uploadLimits } from "../domain/upload-limits.js";
import { taskMessage } from "./task-view.js";
import type { UploadDesk } from "./upload-desk.js";

const operations: Partial<Record<UploadOperation, Operation>> = {
  [UploadOperation.PAUSE]: "pause",
  [UploadOperation.CONTINUE]: "continue",
  [UploadOperation.CANCEL]: "cancel",
};

export function uploadHandlers(desk: UploadDesk): ServiceImplementation<typeof UploadService> {
  return {
    async getUploadLimits() {
      return { limits: uploadLimits };
    },

    async beginUpload(request) {
      return { task: taskMessage(await desk.begin(request)) };
    },

    async writeChunk(request) {
      const { offset, view } = await desk.writeChunk({
        userId: request.userId,
        taskId: request.taskId,
        fileId: request.fileId,
        offset: Number(request.offset),
        data: request.data,
      });
      const task = taskMessage(view);
      return { offset: BigInt(offset), file: task.files?.find((file) => file.fileId === request.fileId) };
    },

    async getUpload(request) {
      const { view, conversion } = await desk.get(request.userId, request.taskId, request.bookId);
      return { task: taskMessage(view), conversion };
    },

    async completeUpload(request) {
      return { task: taskMessage(await desk.complete(request.userId, request.taskId, request.password)) };
    },

    async operateUpload(request) {
      const operation = operations[request.operation];
      if (!operation) {
        throw new DomainError("INVALID_ARGUMENT", catalogueCodes.requestException, {
          details: {
            errors: [
              fieldProblem("operate", message("field.oneOf", { field: "operate", allowed: "pause, continue, cancel" })),
            ],
          },
        });
      }
      return { task: taskMessage(await desk.operate(request.userId, request.taskId, operation)) };
    },

    async reconvertBook(request) {
      return { task: taskMessage(await desk.reconvert(request.userId, request.teamId, request.bookId)) };
    },
  };
}
