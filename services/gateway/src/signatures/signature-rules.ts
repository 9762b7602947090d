/**
 * A signature's form (spec 001 §3 "Signature (APK)" and §5): name, validity in whole years, password of at least
 * 6 characters with a matching confirmation, and the certificate's unit, organisation, city, state or province
 * and two-letter country code. Pure: the route answers the first broken rule as a coded message.
 */
import {
  isCountryCode,
  type SignatureForm,
  type SignatureFormInput,
  signatureLimits,
  validityYearsOf,
} from "@turnleaf/kit/signature-form";

export type SignatureRuleBreak =
  | { key: "signatureNameRequired" }
  | { key: "signatureValidity" }
  | { key: "signaturePasswordShort" }
  | { key: "signaturePasswordMismatch" }
  | { key: "signatureCountryCode" }
  | { key: "signatureFieldLength"; max: number };

/** Checks the form as typed; answers the valid form or the first rule it breaks. */
export function checkSignatureForm(input: SignatureFormInput): SignatureForm | SignatureRuleBreak {
  const name = (input.name ?? "").trim();
  if (!name) return { key: "signatureNameRequired" };
  const validityYears = validityYearsOf((input.validity ?? "").trim());
  if (!validityYears) return { key: "signatureValidity" };
  const password = input.password ?? "";
  if (password.length < signatureLimits.passwordMin) return { key: "signaturePasswordShort" };
  if (password !== (input.confirm ?? "")) return { key: "signaturePasswordMismatch" };
  const countryCode = (input.countryCode ?? "").trim().toUpperCase();
  if (!isCountryCode(countryCode)) return { key: "signatureCountryCode" };
  const form: SignatureForm = {
    name,
    validityYears,
    password,
    unit: (input.unit ?? "").trim(),
    organisation: (input.organisation ?? "").trim(),
    city: (input.city ?? "").trim(),
    state: (input.state ?? "").trim(),
    countryCode,
  };
  for (const value of [form.name, form.unit, form.organisation, form.city, form.state]) {
    if (value.length > signatureLimits.fieldMax) return { key: "signatureFieldLength", max: signatureLimits.fieldMax };
  }
  return form;
}

export const isRuleBreak = (value: SignatureForm | SignatureRuleBreak): value is SignatureRuleBreak => "key" in value;

/** The certificate's distinguished name, each value escaped for keytool's -dname (RFC 2253 special characters). */
export function distinguishedName(form: SignatureForm): string {
  const escaped = (value: string) => value.replace(/([,+"\\<>;=#])/g, "\\$1");
  const parts: [string, string][] = [
    ["CN", form.name],
    ["OU", form.unit],
    ["O", form.organisation],
    ["L", form.city],
    ["ST", form.state],
    ["C", form.countryCode],
  ];
  return parts
    .filter(([, value]) => value !== "")
    .map(([key, value]) => `${key}=${escaped(value)}`)
    .join(", ");
}
