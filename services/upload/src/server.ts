import { UploadService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import { uploadHandlers } from "./handlers/upload.handlers.js";

export function buildServices(): ServiceRegistration[] {
  return [serve(UploadService, uploadHandlers())];
}
