/**
 * A process whose main thread uses the native PDFium, as the service's does when it is installed: reads the
 * PDFs named on the command line (path and password) with readPdf and prints what it found, or the error's name.
 */
import { readFile } from "node:fs/promises";
import { nativeLibraryPath, readPdf, selectPdfium } from "@turnleaf/conversion/render";

const library = nativeLibraryPath();
if (!library) throw new Error("no native PDFium library");
selectPdfium({ engine: "native", library });
const [path, password] = process.argv.slice(2);
try {
  const info = await readPdf(new Uint8Array(await readFile(path)), password ?? "", true);
  process.stdout.write(`${JSON.stringify(info)}\n`);
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: error.name })}\n`);
}
