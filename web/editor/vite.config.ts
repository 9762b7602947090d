import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "../build/precompress.js";

// The gateway serves the built editor's assets under /book_edit2/assets/ and its index.html for every other
// /book_edit2/ path (the client-side routes of spec 000 §2).
export default defineConfig({
  base: "/book_edit2/",
  plugins: [react(), precompress()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, target: "es2022" },
});
