import { runGrpcService } from "@turnleaf/kit";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";

runGrpcService("insight", () => readConfig(process.env), assemble);
