import { useEffect } from "react";

/** While open, a click anywhere but on the element matching `keepOpenSelector` closes it. */
export function useCloseOnOutsideClick(open: boolean, close: () => void, keepOpenSelector: string): void {
  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => {
      if (!(event.target as Element | null)?.closest?.(keepOpenSelector)) close();
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [open, close, keepOpenSelector]);
}
