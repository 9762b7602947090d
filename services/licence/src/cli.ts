#!/usr/bin/env node
import { LicenceAdminService } from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { createClient, DomainError } from "@turnleaf/kit";
import { runLicenceCommand, UsageError, usage } from "./command.js";
import { readCommandConfig } from "./config.js";

const config = readCommandConfig(process.env);
const admin = createClient(LicenceAdminService, config.LICENCE_SERVICE_ADDR, {
  peer: "licence",
  defaultDeadlineMs: 15_000,
});
try {
  process.stdout.write(await runLicenceCommand(process.argv.slice(2), admin));
} catch (error) {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${usage}\n`);
    process.exitCode = 2;
  } else {
    const details = error instanceof DomainError && error.details ? ` ${JSON.stringify(error.details)}` : "";
    process.stderr.write(`turnleaf-licence: ${(error as Error).message}${details}\n`);
    process.exitCode = 1;
  }
} finally {
  admin.close();
}
