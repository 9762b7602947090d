/**
 * An APK signature's form (spec 001 §3 "Signature (APK)" and §5), as the editor and the desktop tool send it to
 * the gateway and as the gateway answers it: the limits and the field rules both sides check. The gateway checks
 * the whole form (services/gateway/src/signatures/signature-rules.ts); the desktop tool checks each rule before
 * it asks for the next field.
 */

/** perAccount: each signature costs a key generation (keytool, about a second of CPU), so an account keeps a few. */
export const signatureLimits = {
  nameMax: 64,
  fieldMax: 64,
  validityMaxYears: 100,
  passwordMin: 6,
  perAccount: 50,
} as const;

/** The create-signature form as typed (every field text, any of them missing). */
export interface SignatureFormInput {
  name?: string;
  validity?: string;
  password?: string;
  confirm?: string;
  unit?: string;
  organisation?: string;
  city?: string;
  state?: string;
  countryCode?: string;
}

/** A valid form: name, validity in whole years, password, and the certificate's unit, organisation and place. */
export interface SignatureForm {
  name: string;
  validityYears: number;
  password: string;
  unit: string;
  organisation: string;
  city: string;
  state: string;
  countryCode: string;
}

/** A signature as the gateway answers it (never its password or keystore). */
export interface SignatureView extends Omit<SignatureForm, "password"> {
  createdAt: string;
  validUntil: string;
}

/** The validity's whole years (1 to validityMaxYears, up to three digits), or 0 for any other text. */
export function validityYearsOf(text: string): number {
  const years = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  return years >= 1 && years <= signatureLimits.validityMaxYears ? years : 0;
}

/** A two-letter country code, in either case. */
export const isCountryCode = (text: string) => /^[A-Za-z]{2}$/.test(text);
