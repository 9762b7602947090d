import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { DomainError, message } from "@turnleaf/kit";

/**
 * Account passwords: scrypt (node:crypto) with a 16-byte salt per user, stored as
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` so the cost can rise later without breaking stored hashes.
 */
const cost = { log2N: 15, r: 8, p: 1 } as const;
const keyLength = 32;
const saltLength = 16;

export const passwordRules = { minLength: 8, maxLength: 128 } as const;

function derive(password: string, salt: Buffer, params: { log2N: number; r: number; p: number }, length: number) {
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

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(saltLength);
  const hash = await derive(password, salt, cost, keyLength);
  return ["scrypt", cost.log2N, cost.r, cost.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** A well-formed hash of nothing anyone knows: unknown emails are checked against it so both answers cost the same. */
let decoy: Promise<string> | undefined;

/** Whether the password matches the stored hash; an empty or malformed hash never matches (after the same work). */
export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  const [scheme, log2N, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== "scrypt" || !salt || !hash) {
    decoy ??= hashPassword(randomBytes(16).toString("hex"));
    await passwordMatches(password, await decoy);
    return false;
  }
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  if (![params.log2N, params.r, params.p].every((value) => Number.isInteger(value) && value > 0) || params.log2N > 20) {
    return false;
  }
  const expected = Buffer.from(hash, "base64url");
  const actual = await derive(password, Buffer.from(salt, "base64url"), params, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
