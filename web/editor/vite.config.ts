import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The gateway serves the built editor's assets under /book_edit2/assets/ and its index.html for every other
// /book_edit2/ path (the client-side routes of spec 000 §2).
export default defineConfig({
  base: "/book_edit2/",
  plugins: [react()],
  resolve: {
    alias: [
      {
        // The package's entry also names its folder on disk (node:url); the browser takes only its pure settings
        // logic. Its types still come from the package itself.
        find: /^@turnleaf\/resource-files$/,
        replacement: fileURLToPath(new URL("../resource-files/src/settings.ts", import.meta.url)),
      },
    ],
  },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, target: "es2022" },
});
