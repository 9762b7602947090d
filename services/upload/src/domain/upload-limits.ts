import type { MessageInitShape } from "@bufbuild/protobuf";
import type { UploadLimitsSchema } from "@turnleaf/contracts/upload/v1/upload_service_pb";
import { qualityBounds } from "./import-options.js";

const megabyte = 1024 * 1024;

/** Limits of spec 000 §9 and spec 001 §5, enforced on every upload. */
export const uploadLimits: MessageInitShape<typeof UploadLimitsSchema> = {
  maxPdfBytes: BigInt(1024 * megabyte),
  maxPdfPages: 1000,
  maxImageBytes: BigInt(10 * megabyte),
  trialMaxPages: 12,
  imageExtensions: ["jpg", "jpeg", "png"],
  ...qualityBounds,
};
