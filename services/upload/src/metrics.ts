import { Counter, metricsRegistry } from "@turnleaf/kit";

/** Bytes of source files stored (each byte counted once, when its write commits). */
export const uploadBytes = new Counter({
  name: "turnleaf_upload_bytes_total",
  help: "Bytes of uploaded source files stored",
  registers: [metricsRegistry],
});
