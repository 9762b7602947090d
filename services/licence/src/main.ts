import { runGrpcService } from "@turnleaf/kit";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";

runGrpcService("licence", () => readConfig(process.env), assemble);
