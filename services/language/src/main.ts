import { runGrpcService } from "@turnleaf/kit";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";

runGrpcService("language", () => readConfig(process.env), assemble);
