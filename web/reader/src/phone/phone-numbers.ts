import type { ReaderSettings } from "../settings/types.js";

/** A number as tel: wants it: digits and the dialling signs only. */
export const telephone = (number: string) => number.replace(/[^\d+#*,;]/g, "");

/** The phone numbers the phone button offers: the single one or the labelled list, at most `phoneMaxDisplay`. */
export function phoneNumbersOf(settings: ReaderSettings): { label: string; number: string }[] {
  const phone = settings.phone;
  return (phone?.useMultiple ? phone.multiple : phone?.single ? [{ label: "", number: phone.single }] : []).slice(
    0,
    settings.phoneMaxDisplay,
  );
}
