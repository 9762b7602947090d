import { fileURLToPath } from "node:url";

/** The folder whose tree is served as /resourceFiles/ (its paths are the URL paths). */
export const resourceFilesDir = fileURLToPath(new URL("../resourceFiles/", import.meta.url));

export { resourceIndexPath, resourcePaths } from "./catalogue/render.js";
