/**
 * sharp, loaded through its CommonJS build. Its ES module build (what `import sharp from "sharp"` loads) cost
 * 140-175 ms of CPU to import against 55-65 ms for the CommonJS one (sharp 0.35.5, Node 20, measured 2026-12-06,
 * 4 runs each): every render process imports it at start, before a new replica's first page. Every file of the
 * service imports sharp from here, so a process loads one build only.
 */
import { createRequire } from "node:module";
import type Sharp from "sharp";

const sharp = createRequire(import.meta.url)("sharp") as typeof Sharp;

export default sharp;
