import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The offline reader for published flipbooks (turnleaf publish --format html): the same app bundled as one classic
// script (IIFE) and one stylesheet, because module scripts do not load from file:// in Chromium. The page around
// it (FlipBook/index.html, with the book inline) is written by the CLI. The hosted build is vite.config.ts.
export default defineConfig({
  // "offline" leaves pdf.js out (src/vector-loader.ts): full-vector books show their pictures from disk.
  mode: "offline",
  plugins: [react()],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: "dist-offline",
    emptyOutDir: true,
    sourcemap: false,
    target: "es2022",
    assetsInlineLimit: Number.MAX_SAFE_INTEGER,
    lib: {
      entry: "src/main.tsx",
      formats: ["iife"],
      name: "TurnleafReader",
      fileName: () => "reader.js",
      cssFileName: "reader",
    },
  },
});
