import { earlyRenderPdfium } from "./render/early-render-process.js";
import { startEarlyRenderProcess } from "./render/render-process.js";

// A new replica's first render process starts before the service's modules load (the configuration's, zod, among
// them; the kit's modules it imports, by their subpaths so that neither mongoose nor the rest of the kit loads, are
// still ~0.5 s of CPU): it warms up while they load and the stores connect. Only what that needs is imported above;
// a configuration error is left for runGrpcService to report.
const pdfium = earlyRenderPdfium(process.env);
if (pdfium) startEarlyRenderProcess(pdfium);

const { readConfig } = await import("./config.js");
const { runGrpcService } = await import("@turnleaf/kit/service");
const { assemble } = await import("./assemble.js");

runGrpcService("conversion", () => readConfig(process.env), assemble);
