import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { bookFieldPrefix } from "../basic/basic-info.js";
import { type OwnBrand, previewBrandValue } from "../design/useOwnBrands.js";
import { isMediaKey } from "../media/media-doc.js";
import type { Doc } from "./history.js";

/** The preview frame `bookEditIframe` and what goes to it. */
export interface PreviewChannel {
  frame: RefObject<HTMLIFrameElement | null>;
  /** The reader said `previewReady` since the frame last loaded. */
  ready: boolean;
  /** The frame's key: bumped to load the reader again. */
  version: number;
  /** Sends changed keys to the reader (once it is ready). */
  post: (changed: Doc) => void;
  /** Loads the reader again (a saved TOC, bookmarks, password or page edit). */
  reload: () => void;
}

/**
 * Spec 000 §7 cross-frame: {key, value, type: "previewBook", showAlert} to bookEditIframe, own origin only. Media
 * items go the same way under their `media:<id>` key (the item, or null when deleted), so the preview redraws them
 * as they are placed, moved and edited. A reader that says `previewReady` gets the whole document's settings.
 */
export function usePreviewChannel(docRef: RefObject<Doc>, brands: OwnBrand[]): PreviewChannel {
  const frame = useRef<HTMLIFrameElement>(null);
  const [version, setVersion] = useState(0);
  const [ready, setReady] = useState(false);
  const readyRef = useRef(false);
  /** The owner's brands for the preview: a chosen brand is sent as the brand itself, as readers get it. */
  const brandsRef = useRef(brands);
  brandsRef.current = brands;

  const post = useCallback((changed: Doc) => {
    const target = frame.current?.contentWindow;
    if (!readyRef.current || !target) return;
    for (const [key, value] of Object.entries(changed)) {
      if (key.startsWith(bookFieldPrefix)) continue;
      const sent = isMediaKey(key) ? (value ?? null) : previewBrandValue(key, value, brandsRef.current);
      target.postMessage({ type: "previewBook", key, value: sent, showAlert: false }, window.location.origin);
    }
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: string } | null)?.type !== "previewReady") return;
      readyRef.current = true;
      setReady(true);
      // A reader that loaded while a change was still on its way gets the document's settings now.
      const settings: Doc = {};
      for (const key of Object.keys(docRef.current)) settings[key] = docRef.current[key];
      post(settings);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [post, docRef]);

  const reload = useCallback(() => {
    readyRef.current = false;
    setReady(false);
    setVersion((next) => next + 1);
  }, []);

  return { frame, ready, version, post, reload };
}
