import { useEffect } from "react";
import { hasPendingEdits } from "../common/unsaved-guard.js";

/** The browser's own "leave site?" question while a panel holds edits not yet stored (unsaved-guard.ts). */
export function useUnsavedLeaveGuard(): void {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!hasPendingEdits()) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, []);
}
