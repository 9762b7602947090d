import { runGrpcService } from "@turnleaf/kit";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";
import sharp from "./render/sharp.js";

// sharp is loaded in the main thread before any render worker (libvips must outlive the workers).
sharp.cache(false);

runGrpcService("conversion", () => readConfig(process.env), assemble);
