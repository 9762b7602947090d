/**
 * turnleaf signature create|list: the account's APK signatures, kept on the platform (the gateway's
 * /api/signature/* paths, rest/signatures.md). A signature cannot be modified or deleted once created (spec 001
 * §4), so there is no such command. The form's rules are checked here first (the server checks them again).
 * fetchKeystore gives `publish --format apk` the keystore of a signature, only for its right password.
 */
import {
  isCountryCode,
  type SignatureFormInput,
  type SignatureView,
  signatureLimits,
  validityYearsOf,
} from "@turnleaf/kit/signature-form";
import { Cloud, CloudRefusal } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, UsageError } from "./errors.js";
import { text } from "./i18n/text.js";
import { ask, canPrompt } from "./prompt.js";

/** The form's fields as options (the country code as --country), and the command's own. */
export interface SignatureOptions extends Omit<SignatureFormInput, "countryCode"> {
  action: string | undefined;
  server: string | undefined;
  country?: string;
  json: boolean;
}

async function loggedInCloud(context: Context, server: string | undefined): Promise<Cloud> {
  const cloud = await Cloud.open(context, server);
  if (!cloud.loggedIn) throw new CliError(text("signatureLogin"), 77);
  return cloud;
}

export async function signature(context: Context, options: SignatureOptions): Promise<void> {
  if (options.action === "list") return listSignatures(context, options);
  if (options.action === "create") return createSignature(context, options);
  throw new UsageError(text("signatureUsage"));
}

/** A password asked on a terminal, not echoed; a script must pass the option. */
async function secret(question: string, option: string): Promise<string> {
  if (!canPrompt()) throw new UsageError(text("signatureOptionNeeded", { option }));
  return ask(question, true);
}

async function createSignature(context: Context, options: SignatureOptions): Promise<void> {
  const name = (options.name ?? "").trim();
  if (!name) throw new UsageError(text("signatureNameRequired"));
  if (!validityYearsOf(options.validity ?? "")) throw new UsageError(text("signatureValidity"));
  const password = options.password ?? (await secret(context.t("signaturePasswordPrompt"), "--password"));
  if (password.length < signatureLimits.passwordMin) throw new CliError(text("signaturePasswordShort"));
  const confirm = options.confirm ?? (await secret(context.t("signatureConfirmPrompt"), "--confirm"));
  if (confirm !== password) throw new CliError(text("signaturePasswordMismatch"));
  if (!isCountryCode((options.country ?? "").trim())) throw new UsageError(text("signatureCountryCode"));
  const cloud = await loggedInCloud(context, options.server);
  const form: Required<SignatureFormInput> = {
    name,
    validity: options.validity ?? "",
    password,
    confirm,
    unit: options.unit ?? "",
    organisation: options.organisation ?? "",
    city: options.city ?? "",
    state: options.state ?? "",
    countryCode: (options.country ?? "").trim(),
  };
  const data = await cloud.post<{ signature: SignatureView }>("/api/signature/create-signature", form);
  if (options.json) {
    context.print(JSON.stringify(data.signature));
    return;
  }
  context.print(
    context.t("signatureCreated", { name: data.signature.name, validUntil: data.signature.validUntil.slice(0, 10) }),
  );
}

async function listSignatures(context: Context, options: SignatureOptions): Promise<void> {
  const cloud = await loggedInCloud(context, options.server);
  const data = await cloud.post<{ signatures: SignatureView[] }>("/api/signature/get-signature-list", {});
  if (options.json) {
    context.print(JSON.stringify(data));
    return;
  }
  if (data.signatures.length === 0) {
    context.print(context.t("signatureNone"));
    return;
  }
  for (const entry of data.signatures) {
    context.print(
      [
        entry.name,
        entry.validUntil.slice(0, 10),
        entry.organisation,
        entry.unit,
        entry.city,
        entry.state,
        entry.countryCode,
      ]
        .filter((part) => part !== "")
        .join("\t"),
    );
  }
}

/** The keystore of the account's signature `name`, when `password` opens it; else the spec's text. */
export async function fetchKeystore(
  cloud: Cloud,
  name: string,
  password: string,
): Promise<{ keystore: Buffer; alias: string }> {
  try {
    const data = await cloud.post<{ keystore: string; alias: string }>("/api/signature/get-signature-keystore", {
      name,
      password,
    });
    return { keystore: Buffer.from(data.keystore, "base64"), alias: data.alias };
  } catch (error) {
    if (error instanceof CloudRefusal && error.code !== "LOGIN_SIGNOUT" && error.code !== "LOGIN_TIMEOUT") {
      throw new CliError(text("signatureOrPassword"));
    }
    throw error;
  }
}
