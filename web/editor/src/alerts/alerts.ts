import { ApiError, networkErrorMessage } from "../api.js";

/**
 * How a refused call is shown (spec 000 §6 and §8): LOGIN_SIGNOUT goes to the login page; BOOK_UPLOAD_OVER_LIMIT
 * opens the limit alert of BOOK_FILE_NUM (books) or PUB_BOOK_NUM (publications); a network failure is the
 * 5-second toast; any other text containing 'contact support' opens the confirm with 'contact support' and
 * 'cancel' (either opens the support QR image); the rest is a 5-second error message.
 */
export type Presentation =
  | { kind: "login"; text: string }
  | { kind: "limit"; quota: "BOOK_FILE_NUM" | "PUB_BOOK_NUM"; text: string }
  | { kind: "support"; text: string }
  | { kind: "toast"; text: string };

/**
 * Server messages (codes of the language service's messages catalogue) that invite the owner to contact support:
 * they open the confirm whatever language their text is in.
 */
export const contactSupportKeys: ReadonlySet<string> = new Set(["featureBlocked", "customQuota", "networkError"]);

/** The message key a server refusal carries in its data (spec: codes with parameters). */
export function messageKeyOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const key = (error.data as { messageKey?: unknown } | null)?.messageKey;
  return typeof key === "string" ? key : undefined;
}

export function presentationOf(error: unknown): Presentation {
  if (error instanceof ApiError) {
    if (error.code === "LOGIN_SIGNOUT") return { kind: "login", text: error.message };
    if (error.code === "NETWORK") return { kind: "toast", text: error.message || networkErrorMessage };
    if (error.code === "BOOK_UPLOAD_OVER_LIMIT") {
      const quota =
        (error.data as { quota?: string } | null)?.quota === "PUB_BOOK_NUM" ? "PUB_BOOK_NUM" : "BOOK_FILE_NUM";
      return { kind: "limit", quota, text: error.message };
    }
  }
  const text = error instanceof Error ? error.message : String(error);
  const key = messageKeyOf(error);
  if (key !== undefined && contactSupportKeys.has(key)) return { kind: "support", text };
  if (text.toLowerCase().includes("contact support")) return { kind: "support", text };
  return { kind: "toast", text };
}

/**
 * Spec 000 §8: the login-timeout and sign-out messages are shown before the editor leaves for the login page; this
 * long (the message stays up as a toast meanwhile).
 */
export const loginNoticeMs = 2500;

/** Spec 000 §6: the warning of a blocked feature, and of a customised feature over its quota. */
export const blockedFeatureText = (feature: string) =>
  `no permission for function ${feature}, contact support to unlock`;
export const customQuotaText = "reached the customised quota, contact support";
