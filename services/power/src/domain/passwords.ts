import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { DomainError, message } from "@turnleaf/kit";

/**
 * Account passwords: scrypt (node:crypto) with a 16-byte salt per user, stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` so the cost can change later without breaking stored hashes.
 */
export interface PasswordCost {
  log2N: number;
  r: number;
  p: number;
}

/** N = 2^15 (32 MB, ~90 ms of CPU a hash here): what deployments use unless PASSWORD_HASH_LOG2N says otherwise. */
export const defaultPasswordCost: PasswordCost = { log2N: 15, r: 8, p: 1 };

/** The work factors PASSWORD_HASH_LOG2N may choose; a stored hash above the highest is refused as malformed. */
export const passwordLog2NRange = { min: 10, max: 20 } as const;

const keyLength = 32;
const saltLength = 16;

export const passwordRules = { minLength: 8, maxLength: 128 } as const;

function derive(password: string, salt: Buffer, params: PasswordCost, length: number) {
  const N = 2 ** params.log2N;
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize("NFKC"),
      salt,
      length,
      { N, r: params.r, p: params.p, maxmem: 256 * N * params.r },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export function checkPasswordRules(password: string): string {
  if (password.length < passwordRules.minLength || password.length > passwordRules.maxLength) {
    throw new DomainError(
      "INVALID_ARGUMENT",
      message("passwordLength", { min: passwordRules.minLength, max: passwordRules.maxLength }),
      { details: { field: "password" } },
    );
  }
  return password;
}

export async function hashPassword(password: string, cost = defaultPasswordCost): Promise<string> {
  const salt = randomBytes(saltLength);
  const hash = await derive(password, salt, cost, keyLength);
  return ["scrypt", cost.log2N, cost.r, cost.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/**
 * Well-formed hashes of nothing anyone knows, one per cost: unknown emails are checked against the one of the cost new
 * hashes get, so both answers cost the same.
 */
const decoys = new Map<string, Promise<string>>();

function decoyOf(cost: PasswordCost): Promise<string> {
  const key = `${cost.log2N}$${cost.r}$${cost.p}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString("hex"), cost);
    decoys.set(key, decoy);
  }
  return decoy;
}

/**
 * Whether the password matches the stored hash (at the cost it was made with); an empty or malformed hash never
 * matches, after the work of a hash of `cost`, the one new hashes get.
 */
export async function passwordMatches(password: string, stored: string, cost = defaultPasswordCost): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, log2N, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== "scrypt" || !salt || !hash) {
    await passwordMatches(password, await decoyOf(cost), cost);
    return false;
  }
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  const integers = [params.log2N, params.r, params.p].every((value) => Number.isInteger(value) && value > 0);
  if (!integers || params.log2N > passwordLog2NRange.max) {
    return false;
  }
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
