import { createHash, randomInt } from "node:crypto";
import { clientCodes, enterValidCodeMessage, LicenceError } from "./codes.js";

/**
 * Licence codes: 25 Crockford base32 characters in five groups (`XXXXX-XXXXX-XXXXX-XXXXX-XXXXX`). The first
 * 23 are random (115 bits: guessing is hopeless, the guess limit only stops noise); the last 2 are a check of
 * the first 23, so a mistyped code is caught on the desktop before any request and rejected by the server
 * without a database read.
 */
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const randomLength = 23;
const checkLength = 2;
const groupLength = 5;

function checkCharacters(body: string): string {
  const digest = createHash("sha256").update(`turnleaf-licence-code:${body}`).digest();
  const tenBits = ((digest[0] ?? 0) << 2) | ((digest[1] ?? 0) >> 6);
  return (alphabet[tenBits >> 5] ?? "") + (alphabet[tenBits & 31] ?? "");
}

function grouped(characters: string): string {
  return characters.match(new RegExp(`.{1,${groupLength}}`, "g"))?.join("-") ?? "";
}

/** A new random licence code (server side, at issue). */
export function generateLicenceCode(): string {
  let body = "";
  for (let index = 0; index < randomLength; index += 1) body += alphabet[randomInt(alphabet.length)];
  return grouped(body + checkCharacters(body));
}

/**
 * The canonical form of a typed code (case, spaces and dashes ignored; O read as 0, I and L as 1), or
 * undefined when it is not a well-formed code with a matching check.
 */
export function normaliseLicenceCode(input: string): string | undefined {
  const characters = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (characters.length !== randomLength + checkLength) return undefined;
  if ([...characters].some((character) => !alphabet.includes(character))) return undefined;
  const body = characters.slice(0, randomLength);
  return characters.slice(randomLength) === checkCharacters(body) ? grouped(characters) : undefined;
}

/** The desktop tool's check before it sends a code: 106 for an empty or malformed code. */
export function checkLicenceCode(input: string): string {
  if (input.trim() === "") throw new LicenceError(clientCodes.licenceCodeParseFailed, enterValidCodeMessage);
  const code = normaliseLicenceCode(input);
  if (!code) throw new LicenceError(clientCodes.licenceCodeParseFailed, "licence code parse failed");
  return code;
}
