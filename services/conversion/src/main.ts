import { runGrpcService } from "@turnleaf/kit";
import sharp from "sharp";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";

// sharp is loaded in the main thread before any render worker (libvips must outlive the workers).
sharp.cache(false);

runGrpcService("conversion", () => readConfig(process.env), assemble);
