import { runGrpcService } from "@turnleaf/kit";
import { assemble } from "./assemble.js";
import { readConfig } from "./config.js";

runGrpcService("book", () => readConfig(process.env), assemble);
