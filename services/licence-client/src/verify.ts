import { readFile } from "node:fs/promises";
import { type ClientCode, clientCodes, LicenceError } from "./codes.js";
import { type LicenceAnswer, openLicenceAnswer } from "./licence-answer.js";
import { terminalsMatch } from "./terminal-code.js";

export interface VerificationOptions {
  /** The licence server's public keys (SPKI PEM) this build trusts. */
  trustedPublicKeys: readonly string[];
  /** This machine's terminal code. */
  terminalCode: string;
  /** The local clock (a parameter, so tests freeze it). */
  now: Date;
  /**
   * The latest time this client trusted, as returned by the previous verification (persist it): a clock
   * set earlier than that is a rollback.
   */
  trustedTime?: Date;
  /** How far the local clock may disagree with the server's before it counts as wrong (default 15 minutes). */
  clockToleranceMs?: number;
}

export interface VerifiedAnswer {
  answer: LicenceAnswer;
  /** Persist it and pass it to the next verification. */
  trustedTime: Date;
}

/** What a verified answer grants: the registered edition until `validUntil` (renew before then). */
export interface LicenceGrant extends VerifiedAnswer {
  licence: LicenceAnswer["licence"];
  activation: NonNullable<LicenceAnswer["activation"]>;
  validUntil: Date;
}

const defaultClockToleranceMs = 15 * 60_000;

interface Expectations {
  /** The code a malformed text is reported with: 5 for verification files and replies, 105 for licence files. */
  malformedCode: ClientCode;
  /** The nonce of the request this text answers; absent for a stored licence file. */
  nonce?: string;
  /** Whether the answer was received just now (online), so its server time must be close to the local clock. */
  fresh: boolean;
}

function timestampError(message: string): LicenceError {
  return new LicenceError(clientCodes.timestampError, `timestamp error: ${message}`);
}

function latest(...times: (Date | undefined)[]): Date {
  return new Date(Math.max(...times.map((time) => time?.getTime() ?? 0)));
}

function openAnswer(text: string, options: VerificationOptions, expect: Expectations): VerifiedAnswer {
  const opened = openLicenceAnswer(text, options.trustedPublicKeys);
  if (!opened.ok) {
    if (opened.failure === "signature")
      throw new LicenceError(clientCodes.fileModified, `file modified: ${opened.reason}`);
    const what =
      expect.malformedCode === clientCodes.decryptFailed
        ? "licence file decrypt failed"
        : "verification file parse failed";
    throw new LicenceError(expect.malformedCode, `${what}: ${opened.reason}`);
  }
  const { answer } = opened;
  if (!terminalsMatch(answer.terminalCode, options.terminalCode)) {
    throw new LicenceError(clientCodes.terminalMismatch, "the licence belongs to another terminal");
  }
  if (expect.nonce !== undefined && answer.nonce !== expect.nonce) {
    throw timestampError("the answer does not answer this request (replayed)");
  }
  const tolerance = options.clockToleranceMs ?? defaultClockToleranceMs;
  const now = options.now.getTime();
  const serverTime = Date.parse(answer.serverTime);
  if (now < serverTime - tolerance) throw timestampError("the local clock is earlier than the server's answer");
  if (expect.fresh) {
    if (now > serverTime + tolerance) throw timestampError("the answer is too old");
    // The server's clock is the authority: it also heals a trusted time once taken from a clock set too far ahead.
    return { answer, trustedTime: new Date(serverTime) };
  }
  if (options.trustedTime && now < options.trustedTime.getTime() - tolerance) {
    throw timestampError("the local clock was set back");
  }
  return { answer, trustedTime: latest(options.trustedTime, new Date(serverTime), options.now) };
}

/**
 * What a verified answer grants at `now`: 108 revoked, 107 expired, 101 when the terminal holds no activation
 * (deactivated: back to trial), 2 when the answer itself has expired and must be renewed.
 */
export function licenceGrant(verified: VerifiedAnswer, now: Date): LicenceGrant {
  const { licence, activation, validUntil } = verified.answer;
  if (licence.state === "revoked") throw new LicenceError(clientCodes.licenceRevoked, "licence code revoked");
  const expired = licence.expiresAt !== null && now.getTime() >= Date.parse(licence.expiresAt);
  if (licence.state === "expired" || expired) {
    throw new LicenceError(clientCodes.licenceExpired, "licence code expired", { expiresAt: licence.expiresAt });
  }
  if (!activation) {
    throw new LicenceError(clientCodes.licenceFileNotFound, "licence file not found: this terminal is not registered");
  }
  if (now.getTime() >= Date.parse(validUntil)) {
    throw timestampError("the licence answer has expired: register again online or with a new verification file");
  }
  return { ...verified, licence, activation, validUntil: new Date(validUntil) };
}

/**
 * Opens a reply just received for the request sent with `nonce` (register, status, deactivate). Status and
 * deactivation answers may say the terminal holds no activation; `licenceGrant` tells what it grants.
 */
export function openOnlineAnswer(text: string, options: VerificationOptions & { nonce: string }): VerifiedAnswer {
  return openAnswer(text, options, {
    malformedCode: clientCodes.verificationFileParseFailed,
    nonce: options.nonce,
    fresh: true,
  });
}

async function readText(path: string, missingCode: ClientCode, missingMessage: string): Promise<string> {
  try {
    return await readFile(path, "latin1");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new LicenceError(missingCode, missingMessage);
    throw error;
  }
}

/**
 * Imports the verification file answering the offline request whose nonce is given: 4 when it is missing,
 * 5 when it is not a verification file, then the checks of every answer.
 */
export async function readVerificationFile(
  path: string,
  options: VerificationOptions & { nonce: string },
): Promise<LicenceGrant> {
  const text = await readText(path, clientCodes.verificationFileNotFound, "verification file not found");
  const verified = openAnswer(text, options, {
    malformedCode: clientCodes.verificationFileParseFailed,
    nonce: options.nonce,
    fresh: false,
  });
  return licenceGrant(verified, options.now);
}

/**
 * Checks the licence file the desktop tool keeps (the last verified answer) at start-up: 101 when it is
 * missing, 105 when it cannot be decoded, then the checks of every answer.
 */
export async function readLicenceFile(path: string, options: VerificationOptions): Promise<LicenceGrant> {
  const text = await readText(path, clientCodes.licenceFileNotFound, "licence file not found");
  const verified = openAnswer(text, options, { malformedCode: clientCodes.decryptFailed, fresh: false });
  return licenceGrant(verified, options.now);
}
