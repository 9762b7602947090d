import { describe, expect, it } from "vitest";
import { clientCodes, enterValidCodeMessage, LicenceError } from "./codes.js";
import { checkLicenceCode, generateLicenceCode, normaliseLicenceCode } from "./licence-code.js";

const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function codeOf(run: () => unknown): number | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof LicenceError ? error.code : -1;
  }
}

describe("licence codes", () => {
  it("are five groups of five Crockford base32 characters that pass their own check", () => {
    for (let round = 0; round < 50; round += 1) {
      const code = generateLicenceCode();
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){4}[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(normaliseLicenceCode(code)).toBe(code);
    }
  });

  it("read the way people type them: any case, spaces or no dashes, O for 0, I and L for 1", () => {
    const code = generateLicenceCode();
    const sloppy = code.toLowerCase().replace(/-/g, " ").replace(/0/g, "o").replace(/1/g, "l");
    expect(normaliseLicenceCode(` ${sloppy} `)).toBe(code);
    expect(normaliseLicenceCode(code.replace(/-/g, ""))).toBe(code);
  });

  it("reject almost every single-character typo through the check characters", () => {
    let accepted = 0;
    let tried = 0;
    const valid = generateLicenceCode().replace(/-/g, "");
    for (let position = 0; position < valid.length; position += 1) {
      for (const replacement of alphabet) {
        if (replacement === valid[position]) continue;
        tried += 1;
        if (normaliseLicenceCode(valid.slice(0, position) + replacement + valid.slice(position + 1))) accepted += 1;
      }
    }
    expect(tried).toBe(25 * 31);
    expect(accepted / tried).toBeLessThan(0.01);
  });

  it.each([
    "",
    "ABCDE",
    "7K3QM-2XR9B-HD4TW-0PZ6N-C8E5",
    "7K3QM-2XR9B-HD4TW-0PZ6N-C8E5F-1",
    "UUUUU-UUUUU-UUUUU-UUUUU-UUUUU",
  ])("are malformed: %j", (input) => {
    expect(normaliseLicenceCode(input)).toBeUndefined();
  });

  it("fail on the desktop with 106 before any request, with the spec's message for an empty field", () => {
    expect(codeOf(() => checkLicenceCode("   "))).toBe(clientCodes.licenceCodeParseFailed);
    expect(() => checkLicenceCode("")).toThrow(enterValidCodeMessage);
    expect(codeOf(() => checkLicenceCode("NOT-A-CODE"))).toBe(clientCodes.licenceCodeParseFailed);
    const code = generateLicenceCode();
    expect(checkLicenceCode(code.toLowerCase())).toBe(code);
  });
});
