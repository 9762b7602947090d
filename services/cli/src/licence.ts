/**
 * turnleaf register / status / deactivate / terminal: the desktop side of the licence service (spec 001 §4
 * edition, §8 codes), verified by @turnleaf/licence-client. A registration keeps the verified signed answer as
 * the licence file; the edition of every import is decided by that file alone.
 */
import { createPublicKey } from "node:crypto";
import { readFile } from "node:fs/promises";
import { hostname } from "node:os";
import { resolve } from "node:path";
import {
  checkLicenceCode,
  clientCodes,
  createNonce,
  createOfflineRequest,
  type LicenceAnswer,
  LicenceError,
  type LicenceGrant,
  licenceGrant,
  openOnlineAnswer,
  readLicenceFile,
  readVerificationFile,
  serverCodes,
} from "@turnleaf/licence-client";
import { writeFileAtomic } from "./atomic-write.js";
import { Cloud } from "./cloud.js";
import type { Context } from "./context.js";
import { CliError, exitCodes, licenceCodeText, licenceExitCode } from "./errors.js";
import { render, text } from "./i18n/text.js";
import { readTerminal } from "./machine.js";
import { validatePath } from "./paths.js";
import { defaultServer, fetchPublicKey, postLicence } from "./server.js";

function terminalLabel(): string {
  return (hostname() || "turnleaf").slice(0, 100);
}

function chooseServer(context: Context, option: string | undefined, registered?: string): string {
  return (option || context.env.TURNLEAF_SERVER || registered || defaultServer).replace(/\/+$/, "");
}

/**
 * The public keys answers are checked with. Trust on first use: without a pinned key the server's key is
 * fetched once and pinned in the state folder; from then on only that key is trusted (a server presenting
 * another key fails with 3). `--public-key FILE` pins a key known from elsewhere instead (and replaces a pin).
 */
async function trustedKeys(
  context: Context,
  server: string | undefined,
  publicKeyFile: string | undefined,
): Promise<string[]> {
  if (publicKeyFile) {
    const keyPath = resolve(context.cwd, validatePath(publicKeyFile, "pathFile"));
    let pem: string;
    try {
      pem = await readFile(keyPath, "utf8");
      createPublicKey(pem);
    } catch {
      throw new CliError(text("publicKeyUnreadable", { file: publicKeyFile }), exitCodes.noInput);
    }
    await context.state.writePublicKey(pem);
    return [pem];
  }
  const pinned = await context.state.readPublicKey();
  if (pinned) return [pinned];
  if (!server) {
    throw new LicenceError(clientCodes.fileModified, "file modified: no trusted public key is pinned");
  }
  let fetched: { keyId: string; publicKeyPem: string };
  try {
    fetched = await fetchPublicKey(server);
  } catch (error) {
    if (error instanceof LicenceError && error.code === clientCodes.serverConnectionFailed) {
      throw new CliError(
        text("licenceFailureHint", {
          code: error.code,
          text: licenceCodeText(error.code),
          hint: text("publicKeyNeeded"),
        }),
        licenceExitCode(error.code),
      );
    }
    throw error;
  }
  await context.state.writePublicKey(fetched.publicKeyPem);
  context.note(context.t("publicKeyPinned", { keyId: fetched.keyId }));
  return [fetched.publicKeyPem];
}

function describeGrant(context: Context, grant: LicenceGrant, terminalCode: string): void {
  const { licence, activation } = grant;
  context.print(context.t("editionRegistered"));
  context.print(
    context.t(licence.expiresAt ? "licenceLine" : "licenceLineLifetime", {
      id: licence.id,
      plan: licence.plan,
      expiresAt: licence.expiresAt ?? "",
      count: licence.maxActivations,
    }),
  );
  context.print(
    context.t("activationLine", {
      id: activation.id,
      channel: context.t(grant.answer.channel === "offline" ? "channelOffline" : "channelOnline"),
      since: activation.activatedAt,
    }),
  );
  context.print(context.t("terminalLine", { terminal: terminalCode }));
  context.print(context.t("validUntilLine", { validUntil: grant.validUntil.toISOString() }));
}

function grantJson(grant: LicenceGrant, terminalCode: string) {
  return {
    edition: "registered",
    licenceId: grant.licence.id,
    plan: grant.licence.plan,
    expiresAt: grant.licence.expiresAt,
    maxActivations: grant.licence.maxActivations,
    activationId: grant.activation.id,
    channel: grant.answer.channel,
    terminalCode,
    validUntil: grant.validUntil.toISOString(),
  };
}

/** 404 lists the licence's activations so the user can free one. */
function explainRefusal(context: Context, error: unknown, licenceCode: string): void {
  if (!(error instanceof LicenceError) || error.code !== serverCodes.activationLimitReached) return;
  const activations = (error.details?.activations ?? []) as Record<string, unknown>[];
  context.note(
    context.t("activationsHeader", {
      count: activations.length,
      max: String(error.details?.maxActivations ?? "?"),
    }),
  );
  for (const activation of activations) {
    const label = String(activation.terminalLabel || context.t("noName"));
    const since = context.t("since", { date: String(activation.activatedAt ?? "?") });
    context.note(`  ${activation.activationId}  ${label}  ${activation.channel ?? ""}  ${since}`);
  }
  context.note(context.t("activationsFree", { code: licenceCode }));
}

export interface RegisterOptions {
  /** On a machine with internet: a request file to have the platform answer (`--answer FILE --out FILE`). */
  answer?: string | undefined;
  out?: string | undefined;
  code: string | undefined;
  offline: boolean;
  importFile: string | undefined;
  requestOut: string | undefined;
  server: string | undefined;
  publicKey: string | undefined;
  json: boolean;
}

export async function register(context: Context, options: RegisterOptions): Promise<void> {
  if (options.answer) return answerOfflineRequest(context, options.answer, options);
  if (options.importFile) return importVerificationFile(context, options.importFile, options);
  const licenceCode = checkLicenceCode(options.code ?? "");
  const server = chooseServer(context, options.server);
  if (options.offline) return writeOfflineRequest(context, licenceCode, server, options);
  const keys = await trustedKeys(context, server, options.publicKey);
  const { terminalCode } = await readTerminal();
  const nonce = createNonce();
  let data: Record<string, unknown>;
  try {
    data = await postLicence(server, "/api/licence/register", {
      licenceCode,
      terminalCode,
      nonce,
      terminalLabel: terminalLabel(),
    });
  } catch (error) {
    explainRefusal(context, error, licenceCode);
    throw error;
  }
  const signed = String(data.licence ?? "");
  const verified = openOnlineAnswer(signed, { trustedPublicKeys: keys, terminalCode, nonce, now: context.now() });
  const grant = licenceGrant(verified, context.now());
  await context.state.writeLicence(signed);
  await context.state.writeTrustedTime(grant.trustedTime);
  await context.state.writeRegistration({
    licenceCode,
    server,
    licenceId: grant.licence.id,
    channel: "online",
    registeredAt: context.now().toISOString(),
  });
  if (options.json) context.print(JSON.stringify(grantJson(grant, terminalCode)));
  else describeGrant(context, grant, terminalCode);
}

async function writeOfflineRequest(
  context: Context,
  licenceCode: string,
  server: string,
  options: RegisterOptions,
): Promise<void> {
  if (options.publicKey) await trustedKeys(context, undefined, options.publicKey);
  const { terminalCode } = await readTerminal();
  const nonce = createNonce();
  const createdAt = context.now().toISOString();
  const request = createOfflineRequest({ licenceCode, terminalCode, nonce, terminalLabel: terminalLabel(), createdAt });
  const safeName = terminalLabel().replace(/[^A-Za-z0-9_-]/g, "_");
  const requestFile = resolve(
    context.cwd,
    validatePath(options.requestOut ?? `turnleaf-${safeName}.tlreq`, "pathOutput", ".tlreq"),
  );
  try {
    await writeFileAtomic(requestFile, request, { mode: 0o600 });
  } catch (error) {
    throw new CliError(
      text("requestNotWritten", { file: requestFile, detail: (error as Error).message }),
      exitCodes.cannotCreate,
    );
  }
  await context.state.writeOfflineRequest({ licenceCode, terminalCode, nonce, requestFile, server, createdAt });
  if (options.json) {
    context.print(JSON.stringify({ requestFile, server, answerPath: "/api/licence/offline-answer" }));
    return;
  }
  context.print(context.t("requestWritten", { file: requestFile }));
  context.print(context.t("requestNextSteps", { server, file: requestFile }));
}

/**
 * The platform's half of an offline registration (spec 001 §4), run on any machine with internet: the request file
 * goes to the platform's path (`POST /api/licence/offline-answer`, as the logged-in account: a licence bound to
 * another account is refused, 406), and the verification file it answers is written for the offline machine.
 */
async function answerOfflineRequest(context: Context, requestPath: string, options: RegisterOptions): Promise<void> {
  const requestFile = await readFile(resolve(context.cwd, validatePath(requestPath, "pathFile")), "utf8").catch(() => {
    throw new LicenceError(clientCodes.verificationFileNotFound, "request file not found");
  });
  const out = resolve(context.cwd, validatePath(options.out, "pathOutput"));
  const cloud = await Cloud.open(context, options.server);
  const data = await cloud.post<{ licence?: string }>("/api/licence/offline-answer", {
    requestFile: requestFile.trim(),
  });
  try {
    await writeFileAtomic(out, String(data.licence ?? ""), { mode: 0o600 });
  } catch (error) {
    throw new CliError(text("cannotCreate", { path: out, detail: (error as Error).message }), exitCodes.cannotCreate);
  }
  if (options.json) context.print(JSON.stringify({ verificationFile: out }));
  else context.print(context.t("verificationWritten", { file: out }));
}

async function importVerificationFile(context: Context, file: string, options: RegisterOptions): Promise<void> {
  validatePath(file, "pathFile");
  const pending = await context.state.readOfflineRequest();
  if (!pending) throw new CliError(text("noPendingRequest"), exitCodes.invalidInput);
  const keys = await trustedKeys(context, chooseServer(context, options.server, pending.server), options.publicKey);
  const { terminalCode } = await readTerminal();
  const path = resolve(context.cwd, file);
  const grant = await readVerificationFile(path, {
    trustedPublicKeys: keys,
    terminalCode,
    nonce: pending.nonce,
    now: context.now(),
    trustedTime: await context.state.readTrustedTime(),
  });
  await context.state.writeLicence(await readFile(path, "latin1"));
  await context.state.writeTrustedTime(grant.trustedTime);
  await context.state.writeRegistration({
    licenceCode: pending.licenceCode,
    server: pending.server,
    licenceId: grant.licence.id,
    channel: "offline",
    registeredAt: context.now().toISOString(),
  });
  await context.state.forgetOfflineRequest();
  if (options.json) context.print(JSON.stringify(grantJson(grant, terminalCode)));
  else describeGrant(context, grant, terminalCode);
}

export type Edition =
  | { registered: true; grant: LicenceGrant; terminalCode: string }
  | { registered: false; reason: LicenceError; terminalCode: string };

/** What the licence file grants this machine now; anything short of a valid registration is the trial. */
export async function currentEdition(context: Context): Promise<Edition> {
  const { terminalCode } = await readTerminal();
  const key = await context.state.readPublicKey();
  try {
    const grant = await readLicenceFile(context.state.path("licence"), {
      trustedPublicKeys: key ? [key] : [],
      terminalCode,
      now: context.now(),
      trustedTime: await context.state.readTrustedTime(),
    });
    await context.state.writeTrustedTime(grant.trustedTime);
    return { registered: true, grant, terminalCode };
  } catch (error) {
    if (error instanceof LicenceError) return { registered: false, reason: error, terminalCode };
    throw error;
  }
}

export interface StatusOptions {
  server: string | undefined;
  offline: boolean;
  json: boolean;
}

function printTrial(context: Context, reason: LicenceError, json: boolean): never {
  if (json) context.print(JSON.stringify({ edition: "trial", code: reason.code, reason: reason.message }));
  else context.print(context.t("editionTrial"));
  throw reason;
}

export async function status(context: Context, options: StatusOptions): Promise<void> {
  const registration = await context.state.readRegistration();
  if (!registration) {
    printTrial(context, new LicenceError(clientCodes.licenceFileNotFound, "licence file not found"), options.json);
  }
  if (!options.offline) {
    const server = chooseServer(context, options.server, registration.server);
    const keys = await trustedKeys(context, server, undefined);
    const { terminalCode } = await readTerminal();
    const nonce = createNonce();
    let answer: string | undefined;
    try {
      const data = await postLicence(server, "/api/licence/status", {
        licenceCode: registration.licenceCode,
        terminalCode,
        nonce,
      });
      answer = String(data.licence ?? "");
    } catch (error) {
      const unreachable =
        error instanceof LicenceError &&
        (error.code === clientCodes.networkError || error.code === clientCodes.serverConnectionFailed);
      if (!unreachable) throw error;
      context.note(
        context.t("statusOffline", {
          failure: context.t("licenceFailure", {
            code: error.code,
            text: render(context.t, licenceCodeText(error.code)),
          }),
        }),
      );
    }
    if (answer !== undefined) {
      const verified = openOnlineAnswer(answer, { trustedPublicKeys: keys, terminalCode, nonce, now: context.now() });
      // The signed answer is the truth, revoked or expired included: the licence file follows it.
      await context.state.writeLicence(answer);
      await context.state.writeTrustedTime(verified.trustedTime);
    }
  }
  const edition = await currentEdition(context);
  if (!edition.registered) printTrial(context, edition.reason, options.json);
  if (options.json) context.print(JSON.stringify(grantJson(edition.grant, edition.terminalCode)));
  else describeGrant(context, edition.grant, edition.terminalCode);
}

export interface DeactivateOptions {
  server: string | undefined;
  activation: string | undefined;
  code: string | undefined;
  publicKey: string | undefined;
}

export async function deactivate(context: Context, options: DeactivateOptions): Promise<void> {
  const registration = await context.state.readRegistration();
  const licenceCode = options.code !== undefined ? checkLicenceCode(options.code) : registration?.licenceCode;
  if (!licenceCode) {
    throw new LicenceError(
      clientCodes.licenceFileNotFound,
      "licence file not found: this terminal is not registered (give --code to release another activation)",
    );
  }
  const server = chooseServer(context, options.server, registration?.server);
  const keys = await trustedKeys(context, server, options.publicKey);
  const { terminalCode } = await readTerminal();
  const nonce = createNonce();
  const data = await postLicence(server, "/api/licence/deactivate", {
    licenceCode,
    terminalCode,
    nonce,
    ...(options.activation ? { activationId: options.activation } : {}),
  });
  const signed = String(data.licence ?? "");
  const verified = openOnlineAnswer(signed, { trustedPublicKeys: keys, terminalCode, nonce, now: context.now() });
  await context.state.writeTrustedTime(verified.trustedTime);
  const answer: LicenceAnswer = verified.answer;
  const ownLicence = registration?.licenceCode === licenceCode;
  if (answer.activation === null) {
    if (ownLicence) await context.state.forgetRegistration();
    context.print(
      options.activation
        ? context.t("deactivatedOther", { activation: options.activation, licence: answer.licence.id })
        : context.t("deactivatedHere", { licence: answer.licence.id }),
    );
    if (ownLicence) context.print(context.t("backToTrial"));
    return;
  }
  if (ownLicence) await context.state.writeLicence(signed);
  context.print(context.t("deactivatedOther", { activation: options.activation ?? "", licence: answer.licence.id }));
  context.print(context.t("keepsActivation", { activation: answer.activation.id }));
}

export async function showTerminal(context: Context, json: boolean): Promise<void> {
  const terminal = await readTerminal();
  if (json) {
    const sources = Object.fromEntries(
      Object.entries(terminal.components).map(([name, component]) => [name, component.source]),
    );
    context.print(JSON.stringify({ terminalCode: terminal.terminalCode, sources }));
    return;
  }
  context.print(context.t("terminalCode", { terminal: terminal.terminalCode }));
  for (const [name, component] of Object.entries(terminal.components)) {
    context.print(`  ${name.padEnd(9)} ${context.t("terminalSource", { source: component.source })}`);
  }
}
