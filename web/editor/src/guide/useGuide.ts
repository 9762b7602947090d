import { useEffect, useState } from "react";
import { safeStorage } from "../common/storage.js";
import { escapeSetsCloseFrame, guideSeenKey } from "./guide.js";

/** Whether the onboarding guide shows: on the first visit (localStorage `guideSeenKey`) and when asked for. */
export function useGuide() {
  const [guiding, setGuiding] = useState(() => safeStorage()?.getItem(guideSeenKey) !== "1");
  const open = () => setGuiding(true);
  const close = () => {
    setGuiding(false);
    try {
      safeStorage()?.setItem(guideSeenKey, "1");
    } catch {
      // A browser without storage shows the guide again next time.
    }
  };
  return { guiding, open, close };
}

/** Spec 000 §2: Escape inside an embedding frame sets the close-frame flag unless escape is limited (limitEsc=1). */
export function useCloseFrameOnEscape() {
  useEffect(() => {
    const escapeLimited = new URLSearchParams(window.location.search).get("limitEsc") === "1";
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (escapeSetsCloseFrame(window.self !== window.top, escapeLimited))
        (window as unknown as { closeFrame: boolean }).closeFrame = true;
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}
