/**
 * What main.ts needs to fork a new replica's first render process before anything else loads: the three settings it
 * depends on, read as config.ts reads them (the kit's loadConfig: an empty value is unset; zod's coerced whole
 * numbers) but without the configuration's modules (zod alone is ~0.75 MB of a bundle to compile first). Undefined
 * when no render process should start early: no render processes, WebAssembly PDFium, or a value config.ts would
 * refuse (runGrpcService then reports it).
 */
import { availableParallelism } from "node:os";
import type { PdfiumChoice } from "./pdfium.js";
import { choosePdfium } from "./pdfium-native-library.js";

const given = (value: string | undefined) => (value === undefined || value === "" ? undefined : value);

export function earlyRenderPdfium(env: Record<string, string | undefined>): PdfiumChoice | undefined {
  const workersText = given(env.CONVERSION_WORKERS);
  const workers = workersText === undefined ? availableParallelism() : Number(workersText);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) return undefined;
  const setting = given(env.CONVERSION_PDFIUM) ?? "auto";
  if (setting !== "auto" && setting !== "native") return undefined;
  try {
    const pdfium = choosePdfium(setting, given(env.CONVERSION_PDFIUM_LIBRARY));
    return pdfium.engine === "native" ? pdfium : undefined;
  } catch {
    return undefined;
  }
}
