import { useEffect, useState } from "react";
import { type Labels, labelsFor, labelsFromCatalogue } from "./labels.js";
import { setRequestLanguage } from "./request-language.js";

/**
 * The interface language and its labels: `?lang=` of the URL, else the book's interface language (live from the
 * editor's preview too). Chinese and English labels are built in; other languages load theirs from the gateway.
 * Choosing a language in the switcher keeps it in the URL.
 */
export function useInterfaceLanguage(
  initialLabels: Labels,
  /** `?lang=` of the URL: it wins over the book's language. */
  initialLang: string,
  bookLanguage: string,
): { lang: string; labels: Labels; chooseLanguage(code: string): void } {
  const [labels, setLabels] = useState(initialLabels);
  const [lang, setLang] = useState(initialLang || bookLanguage);
  useEffect(() => {
    if (!lang) return;
    setRequestLanguage(lang);
    if (/^(zh|en)\b/i.test(lang)) {
      setLabels(labelsFor(lang));
      return;
    }
    const controller = new AbortController();
    fetch(`/api/language/labels?lang=${encodeURIComponent(lang)}`, { signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((reply: { data?: { labels?: Record<string, unknown> } } | null) => {
        if (reply?.data?.labels) setLabels(labelsFromCatalogue(lang, reply.data.labels));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [lang]);
  // The book's interface language, live from the editor's preview too, unless the URL names one.
  useEffect(() => {
    if (!initialLang && bookLanguage) setLang(bookLanguage);
  }, [initialLang, bookLanguage]);
  const chooseLanguage = (code: string) => {
    setLang(code);
    const url = new URL(window.location.href);
    url.searchParams.set("lang", code);
    window.history.replaceState(null, "", url);
  };
  return { lang, labels, chooseLanguage };
}
