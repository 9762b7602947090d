import { useCallback } from "react";
import { useScreenServices } from "../screen-services.js";
import { pageAudioApi } from "./page-audio-api.js";

/**
 * Spec 001 §4: switching the page display mode (setting pageMode) clears all page audio after a confirmation. A
 * change of pageMode on a book with page audio asks first; confirmed, the server clears the audio, then the mode
 * changes (the book service refuses a mode change of a book that still has audio unless told to clear it).
 */
export function usePageModeGuard(
  change: (key: string, value: unknown) => void,
  bookId: string,
): (key: string, value: unknown) => void {
  const { labels, report } = useScreenServices();
  return useCallback(
    (key: string, value: unknown) => {
      if (key !== "pageMode") {
        change(key, value);
        return;
      }
      void (async () => {
        try {
          const { pages } = await pageAudioApi.get(bookId);
          if (pages.length > 0) {
            if (!window.confirm(labels.pageAudioModeConfirm)) return;
            await pageAudioApi.clear(bookId);
          }
          change(key, value);
        } catch (error) {
          report(error);
        }
      })();
    },
    [change, bookId, labels, report],
  );
}
