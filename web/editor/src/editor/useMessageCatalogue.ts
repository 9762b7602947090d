import { type RefObject, useEffect, useRef } from "react";

/**
 * The server's messages catalogue in the interface language (`/api/language/labels?scope=messages`): the texts of
 * refusals the editor makes before sending. Null until it arrives (or when the language service is down).
 */
export function useMessageCatalogue(lang: string): RefObject<Record<string, string> | null> {
  const messageCatalogue = useRef<Record<string, string> | null>(null);
  useEffect(() => {
    let live = true;
    fetch(`/api/language/labels?lang=${encodeURIComponent(lang)}&scope=messages`)
      .then((response) => response.json() as Promise<{ data?: { labels?: Record<string, string> } }>)
      .then(
        (reply) => {
          if (live) messageCatalogue.current = reply.data?.labels ?? null;
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [lang]);
  return messageCatalogue;
}
