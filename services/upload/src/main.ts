import { runGrpcService } from "@turnleaf/kit";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";

runGrpcService("upload", () => readConfig(process.env), assemble);
