import { UploadProgressService, UploadService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { type NatsConnection, type ServiceRegistration, serve } from "@turnleaf/kit";
import { progressHandlers } from "./handlers/progress.handlers.js";
import { uploadHandlers } from "./handlers/upload.handlers.js";
import type { UploadDesk } from "./handlers/upload-desk.js";

export function buildServices(dependencies: { desk: UploadDesk; nats: NatsConnection }): ServiceRegistration[] {
  return [
    serve(UploadService, uploadHandlers(dependencies.desk)),
    serve(UploadProgressService, progressHandlers(dependencies.desk, dependencies.nats)),
  ];
}
