import { readConfig } from "./config.js";
import { choosePdfium } from "./render/pdfium-native-library.js";
import { startEarlyRenderProcess } from "./render/render-process.js";

// A new replica's first render process starts before the service's modules load (the kit's modules it imports,
// by their subpaths so that neither mongoose nor the rest of the kit loads, are still ~0.5 s of CPU): it warms up
// while they load and the stores connect. Only what that needs is imported above; a configuration error is left for
// runGrpcService to report.
let config: ReturnType<typeof readConfig> | undefined;
try {
  config = readConfig(process.env);
  const pdfium = choosePdfium(config.CONVERSION_PDFIUM as "auto" | "wasm" | "native", config.CONVERSION_PDFIUM_LIBRARY);
  if (config.CONVERSION_WORKERS > 0 && pdfium.engine === "native") startEarlyRenderProcess(pdfium);
} catch {}

const { runGrpcService } = await import("@turnleaf/kit/service");
const { assemble } = await import("./assemble.js");
const { default: sharp } = await import("./render/sharp.js");

// sharp is loaded in the main thread before any render worker (libvips must outlive the workers).
sharp.cache(false);

runGrpcService("conversion", () => config ?? readConfig(process.env), assemble);
