import { signatureLimits } from "@turnleaf/kit/signature-form";
import { describe, expect, it } from "vitest";
import { checkSignatureForm, distinguishedName } from "./signature-rules.js";

const form = {
  name: "harbour",
  validity: "25",
  password: "123456",
  confirm: "123456",
  unit: "Books",
  organisation: "Harbour, Ltd",
  city: "Ningbo",
  state: "Zhejiang",
  countryCode: "cn",
};

describe("a signature's form (spec 001 §3, §5)", () => {
  it("takes a valid form, the country code upper-cased", () => {
    expect(checkSignatureForm(form)).toMatchObject({ name: "harbour", validityYears: 25, countryCode: "CN" });
  });

  it("answers the first rule broken", () => {
    expect(checkSignatureForm({ ...form, name: " " })).toEqual({ key: "signatureNameRequired" });
    for (const validity of ["0", "101", "1.5", "-1", "x", ""]) {
      expect(checkSignatureForm({ ...form, validity }), validity).toEqual({ key: "signatureValidity" });
    }
    expect(checkSignatureForm({ ...form, password: "12345", confirm: "12345" })).toEqual({
      key: "signaturePasswordShort",
    });
    expect(checkSignatureForm({ ...form, confirm: "1234567" })).toEqual({ key: "signaturePasswordMismatch" });
    for (const countryCode of ["C", "CHN", "1A", ""]) {
      expect(checkSignatureForm({ ...form, countryCode }), countryCode).toEqual({ key: "signatureCountryCode" });
    }
    expect(checkSignatureForm({ ...form, city: "x".repeat(signatureLimits.fieldMax + 1) })).toEqual({
      key: "signatureFieldLength",
      max: signatureLimits.fieldMax,
    });
  });

  it("escapes the distinguished name's special characters and leaves out empty parts", () => {
    const valid = checkSignatureForm({ ...form, name: 'A+B "C"', unit: "", state: "x=y;z" });
    if ("key" in valid) throw new Error(valid.key);
    expect(distinguishedName(valid)).toBe('CN=A\\+B \\"C\\", O=Harbour\\, Ltd, L=Ningbo, ST=x\\=y\\;z, C=CN');
  });
});
