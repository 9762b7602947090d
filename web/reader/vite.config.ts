import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The gateway serves the built reader's assets under /reader/ and its index.html for every /b/<link> path.
export default defineConfig({
  base: "/reader/",
  plugins: [react()],
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, target: "es2022" },
});
