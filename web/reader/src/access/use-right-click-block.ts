import { useEffect } from "react";

/** The book's disableRightClick: no context menu over the page (so no "save image as"). */
export function useRightClickBlock(disabled: boolean): void {
  useEffect(() => {
    if (!disabled) return;
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener("contextmenu", block);
    return () => document.removeEventListener("contextmenu", block);
  }, [disabled]);
}
