import { useCallback, useEffect, useState } from "react";
import { call } from "./api.js";
import type { Labels } from "./labels.js";
import { interfaceLanguages } from "./languages.js";
import type { Notify, Report } from "./types.js";

interface BookLanguage {
  code: string;
  name: string;
  checked: boolean;
  isDefault: boolean;
}

/**
 * The language panel (spec 000 §2): which of the twelve languages the book's readers can switch to; the first
 * checked one is the default (the language service keeps Chinese in every book).
 */
export function LanguagePanel({
  bookId,
  labels,
  notify,
  report,
}: {
  bookId: string;
  labels: Labels;
  notify: Notify;
  report: Report;
}) {
  const [checked, setChecked] = useState<string[] | null>(null);
  const [defaultCode, setDefaultCode] = useState("zh-CN");
  const [busy, setBusy] = useState(false);

  const show = useCallback((languages: BookLanguage[]) => {
    setChecked(languages.filter((language) => language.checked).map((language) => language.code));
    setDefaultCode(languages.find((language) => language.isDefault)?.code ?? "zh-CN");
  }, []);

  useEffect(() => {
    call<{ languages: BookLanguage[] }>("/api/book/get-book-language", { bookId }).then(
      (reply) => show(reply.languages),
      report,
    );
  }, [bookId, report, show]);

  const save = async () => {
    if (!checked) return;
    setBusy(true);
    const ordered = [defaultCode, ...checked.filter((code) => code !== defaultCode)].filter((code) =>
      checked.includes(code),
    );
    const languages = [
      ...ordered.map((code) => ({ code, checked: true })),
      ...interfaceLanguages
        .filter((language) => !checked.includes(language.code))
        .map((language) => ({ code: language.code, checked: false })),
    ].map((entry) => ({
      ...entry,
      name: interfaceLanguages.find((language) => language.code === entry.code)?.name ?? "",
    }));
    try {
      const reply = await call<{ languages: BookLanguage[] }>("/api/book/save-book-language", {
        bookId,
        languages: JSON.stringify(languages),
      });
      show(reply.languages);
      notify(labels.languagesSaved);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      const reply = await call<{ languages: BookLanguage[] }>("/api/book/reset-book-language", { bookId });
      show(reply.languages);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  if (!checked) return <p className="loading">{labels.loading}</p>;
  return (
    <div className="panel">
      <h2 className="panel-title">{labels.bookLanguages}</h2>
      <ul className="languages">
        {interfaceLanguages.map((language) => (
          <li key={language.code}>
            <label className="check">
              <input
                type="checkbox"
                checked={checked.includes(language.code)}
                onChange={(event) =>
                  setChecked(
                    event.target.checked
                      ? [...checked, language.code]
                      : checked.filter((code) => code !== language.code),
                  )
                }
              />
              {language.name}
            </label>
            <label className="check">
              <input
                type="radio"
                name="default-language"
                aria-label={`${labels.defaultLanguage} ${language.name}`}
                disabled={!checked.includes(language.code)}
                checked={defaultCode === language.code}
                onChange={() => setDefaultCode(language.code)}
              />
              {labels.defaultLanguage}
            </label>
          </li>
        ))}
      </ul>
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
          {labels.save}
        </button>
        <button type="button" disabled={busy} onClick={() => void reset()}>
          {labels.resetLanguages}
        </button>
      </div>
    </div>
  );
}
