import { cp } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { precompress } from "../build/precompress.js";

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));
const pdfjsVersion = (createRequire(import.meta.url)("pdfjs-dist/package.json") as { version: string }).version;

/**
 * pdf.js's data for full-vector books (src/flipbook/vector.ts): CMaps (CJK text without embedded fonts), the standard fonts,
 * the image decoders' wasm and the ICC profile, copied as they are under assets/pdfjs-<version>/. pdf.js fetches only
 * what a PDF needs; nothing here is on the reader's critical path.
 */
function pdfjsData(): Plugin {
  let outDir = "dist";
  return {
    name: "turnleaf-pdfjs-data",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      for (const folder of ["cmaps", "standard_fonts", "wasm", "iccs"]) {
        await cp(join(pdfjsRoot, folder), join(outDir, "assets", `pdfjs-${pdfjsVersion}`, folder), { recursive: true });
      }
    },
  };
}

// The gateway serves the built reader's assets under /reader/ and its index.html for every /b/<link> path.
export default defineConfig({
  base: "/reader/",
  plugins: [react(), pdfjsData(), precompress()],
  define: { __PDFJS_DATA__: JSON.stringify(`/reader/assets/pdfjs-${pdfjsVersion}/`) },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, target: "es2022" },
});
