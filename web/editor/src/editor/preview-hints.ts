/**
 * The preview switcher's one-time hints (spec 000 §4): each device's prompt shows once, is remembered in
 * localStorage and hides itself after 5 seconds; switching device hides the other one's.
 */
export type PreviewDevice = "pc" | "pad" | "phone";

export const hintMs = 5000;

export const hintKey = (device: PreviewDevice) => `turnleaf.editor.previewHint.${device}`;

export interface HintStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** Whether the device's hint is due; marks it seen, so it shows only once. */
export function takeHint(store: HintStore, device: PreviewDevice): boolean {
  if (device === "pad") return false;
  try {
    if (store.getItem(hintKey(device)) === "1") return false;
    store.setItem(hintKey(device), "1");
  } catch {
    return false;
  }
  return true;
}

/** The devices the switcher offers: PC and PHONE, PAD too in view mode. */
export const devicesFor = (view: boolean): PreviewDevice[] => (view ? ["pc", "pad", "phone"] : ["pc", "phone"]);
