import type { UploadService } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import type { ServiceImplementation } from "@turnleaf/kit";
import { uploadLimits } from "../domain/upload-limits.js";

export function uploadHandlers(): ServiceImplementation<typeof UploadService> {
  return {
    async getUploadLimits() {
      return { limits: uploadLimits };
    },
  };
}
