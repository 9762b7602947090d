import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { type DescMessage, type MessageInitShape, type MessageShape, toJson } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import {
  GetLicenceResponseSchema,
  IssueLicenceResponseSchema,
  type LicenceAdminService,
  type LicenceSelectorSchema,
  RevokeLicenceResponseSchema,
  SetLicenceExpiryResponseSchema,
} from "@turnleaf/contracts/licence/v1/licence_admin_service_pb";
import { Edition, LicenceAnswerSchema } from "@turnleaf/contracts/licence/v1/licence_service_pb";
import type { TypedClient } from "@turnleaf/kit";

export const usage = `turnleaf-licence: the operator's licence command

  issue --plan NAME --max-activations N [--expires DATE] [--account ID]
        issues a licence (no --expires: lifetime) and prints its code, shown only this once
  show (--id ID | --code CODE)                  the licence, its activations and its audit trail
  revoke (--id ID | --code CODE) [--reason TEXT]
  set-expiry (--id ID | --code CODE) --expires DATE|lifetime
  answer-offline --request FILE [--out FILE]    answers an offline request file with a verification file

DATE is ISO 8601 (2027-12-31 or 2027-12-31T23:59:59Z). The service is LICENCE_SERVICE_ADDR (127.0.0.1:50055).
Output is JSON on stdout; errors go to stderr with exit code 1 (2 for usage errors).`;

export class UsageError extends Error {}

const options = {
  plan: { type: "string" },
  "max-activations": { type: "string" },
  expires: { type: "string" },
  account: { type: "string" },
  id: { type: "string" },
  code: { type: "string" },
  reason: { type: "string" },
  request: { type: "string" },
  out: { type: "string" },
} as const;

function parseDate(text: string): Date {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new UsageError(`--expires: not a date: ${text}`);
  return date;
}

function selector(values: { id?: string; code?: string }): MessageInitShape<typeof LicenceSelectorSchema> {
  if (values.id && !values.code) return { by: { case: "licenceId", value: values.id } };
  if (values.code && !values.id) return { by: { case: "licenceCode", value: values.code } };
  throw new UsageError("name the licence with exactly one of --id or --code");
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`${flag} is required`);
  return value;
}

/** Runs one operator command against the admin service; answers what to print. */
export async function runLicenceCommand(
  argv: string[],
  admin: TypedClient<typeof LicenceAdminService>,
): Promise<string> {
  const [command, ...rest] = argv;
  let values: Partial<Record<keyof typeof options, string>>;
  try {
    values = parseArgs({ args: rest, options, strict: true }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  // The proto3 JSON mapping: enum names, RFC 3339 timestamps, what an operator (or a script) reads.
  const print = <Schema extends DescMessage>(schema: Schema, message: MessageShape<Schema>, extra = {}) =>
    `${JSON.stringify({ ...extra, ...(toJson(schema, message) as object) }, null, 2)}\n`;
  switch (command) {
    case "issue": {
      const maxActivations = Number(required(values["max-activations"], "--max-activations"));
      if (!Number.isInteger(maxActivations)) throw new UsageError("--max-activations must be a whole number");
      const issued = await admin.issueLicence({
        plan: required(values.plan, "--plan"),
        edition: Edition.REGISTERED,
        maxActivations,
        expiresAt: values.expires ? timestampFromDate(parseDate(values.expires)) : undefined,
        accountId: values.account ?? "",
      });
      return print(IssueLicenceResponseSchema, issued);
    }
    case "show":
      return print(GetLicenceResponseSchema, await admin.getLicence({ licence: selector(values) }));
    case "revoke":
      return print(
        RevokeLicenceResponseSchema,
        await admin.revokeLicence({ licence: selector(values), reason: values.reason ?? "" }),
      );
    case "set-expiry": {
      const expires = required(values.expires, "--expires");
      const expiresAt = expires === "lifetime" ? undefined : timestampFromDate(parseDate(expires));
      return print(
        SetLicenceExpiryResponseSchema,
        await admin.setLicenceExpiry({ licence: selector(values), expiresAt }),
      );
    }
    case "answer-offline": {
      const requestFile = await readFile(required(values.request, "--request"), "utf8");
      const { answer } = await admin.issueOfflineAnswer({ requestFile });
      if (!answer) throw new Error("the licence service answered without a verification file");
      if (!values.out) return `${answer.signed}\n`;
      // The verification file is exact bytes: no trailing newline, or its signature would not match.
      await writeFile(values.out, answer.signed, "latin1");
      return print(LicenceAnswerSchema, answer, { written: values.out });
    }
    default:
      throw new UsageError(command ? `unknown command: ${command}` : "no command given");
  }
}
