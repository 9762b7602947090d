import { useCallback, useEffect, useState } from "react";
import { safeStorage } from "../common/storage.js";
import { hintMs, type PreviewDevice, takeHint } from "./preview-hints.js";

/** The preview's device, its hint while shown, and the switch (the preview bar and pane share it). */
export interface PreviewDeviceState {
  device: PreviewDevice;
  hint: PreviewDevice | null;
  switchDevice: (next: PreviewDevice) => void;
}

/**
 * The preview's device (PC, PHONE, PAD with mode=view) and its one-time hint (`preview-hints.ts`): the PC hint once
 * the book has loaded (each time it is loaded; the hint is taken once), each device's when it is first chosen, hidden after 5 s and when the device changes.
 */
export function usePreviewDevice(loaded: object | null): PreviewDeviceState {
  const [device, setDevice] = useState<PreviewDevice>("pc");
  const [hint, setHint] = useState<PreviewDevice | null>(null);

  const switchDevice = useCallback((next: PreviewDevice) => {
    setDevice(next);
    // Spec 000 §4: switching hides the other device's prompt; each prompt shows once and hides after 5 s.
    const store = safeStorage();
    setHint(store && takeHint(store, next) ? next : null);
  }, []);

  useEffect(() => {
    if (!loaded) return;
    const store = safeStorage();
    if (store && takeHint(store, "pc")) setHint("pc");
  }, [loaded]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(null), hintMs);
    return () => clearTimeout(timer);
  }, [hint]);

  return { device, hint, switchDevice };
}
