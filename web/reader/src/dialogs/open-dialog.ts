import { useCallback, useEffect, useRef, useState } from "react";

/**
 * The one modal dialog open over the book, if any. Modal dialogs make the rest of the page inert, so only one is
 * ever opened at a time.
 */
export type OpenDialog =
  | { kind: "share" }
  | { kind: "unlock" }
  | { kind: "print" }
  | { kind: "download" }
  | { kind: "about" }
  | { kind: "help" }
  | { kind: "phone" }
  | { kind: "wechat" }
  | { kind: "messages" }
  | { kind: "card" };

/**
 * The one side panel shown beside the book, if any (the text view takes the book's place). Panels are not modal:
 * a dialog opens over a panel and the panel is still there when it closes, so they are a state of their own.
 */
export type Panel = "contents" | "search" | "text" | "thumbnails";

export function useOpenDialog({ helpAtStart, loaderDone }: { helpAtStart: boolean; loaderDone: boolean }) {
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [panel, setPanel] = useState<Panel | null>(null);
  const open = useCallback((kind: OpenDialog["kind"]) => setDialog({ kind }), []);
  const close = useCallback(() => setDialog(null), []);
  /** Opens a panel, or closes it when it is the one shown. */
  const togglePanel = (which: Panel) => setPanel(panel === which ? null : which);
  const closePanel = useCallback(() => setPanel(null), []);

  // Help shown at open waits for the loader to go.
  const helpShown = useRef(false);
  useEffect(() => {
    if (!helpAtStart || !loaderDone || helpShown.current) return;
    helpShown.current = true;
    setDialog({ kind: "help" });
  }, [helpAtStart, loaderDone]);

  return { dialog, open, close, panel, togglePanel, closePanel };
}
