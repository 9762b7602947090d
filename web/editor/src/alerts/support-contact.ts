import { call } from "../api.js";

let asked: Promise<string> | undefined;

/**
 * Where owners reach support (spec 000 §6's support QR image): the deployment's SUPPORT_CONTACT as the gateway
 * serves it, asked once per page; a failed answer is asked again next time.
 */
export function supportContact(): Promise<string> {
  asked ??= call<{ contact: string }>("/api/common/get-support-contact", {}).then(
    ({ contact }) => contact,
    (error: unknown) => {
      asked = undefined;
      throw error;
    },
  );
  return asked;
}
