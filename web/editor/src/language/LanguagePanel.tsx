import { useCallback, useEffect, useState } from "react";
import { call } from "../api.js";
import { Check } from "../common/Check.js";
import { useUnsavedMark } from "../common/unsaved-guard.js";
import { type BookLanguage, choiceOf, type LanguageChoice, languagesOf } from "../language-choice.js";
import { interfaceLanguages } from "../languages.js";
import { saveAtRevision } from "../revision-save.js";
import { useScreenServices } from "../screen-services.js";

const load = async (bookId: string) => {
  const reply = await call<{ languages: BookLanguage[]; revision: number }>("/api/book/get-book-language", { bookId });
  return { value: choiceOf(reply.languages), revision: reply.revision, languages: reply.languages };
};

/**
 * The language panel (spec 000 §2): which of the twelve languages the book's readers can switch to; the first
 * checked one is the default (the language service keeps Chinese in every book).
 */
export function LanguagePanel({ bookId }: { bookId: string }) {
  const { labels, notify, report } = useScreenServices();
  const [checked, setChecked] = useState<string[] | null>(null);
  const [defaultCode, setDefaultCode] = useState("zh-CN");
  const [busy, setBusy] = useState(false);
  // The stored list the panel shows and its revision: a save sends it, so it never overwrites a change from elsewhere.
  const [opened, setOpened] = useState<{ value: LanguageChoice; revision: number } | null>(null);

  const show = useCallback((languages: BookLanguage[], revision: number) => {
    setChecked(languages.filter((language) => language.checked).map((language) => language.code));
    setDefaultCode(languages.find((language) => language.isDefault)?.code ?? "zh-CN");
    setOpened({ value: choiceOf(languages), revision });
  }, []);

  useEffect(() => {
    load(bookId).then((loaded) => show(loaded.languages, loaded.revision), report);
  }, [bookId, report, show]);

  // Edited and not saved: the ticks or the default differ from what the panel opened with.
  useUnsavedMark(
    checked !== null &&
      opened !== null &&
      (defaultCode !== opened.value.defaultCode ||
        interfaceLanguages.some(
          (language) => checked.includes(language.code) !== Boolean(opened.value.checked[language.code]),
        )),
  );

  const save = async () => {
    if (!checked || !opened) return;
    setBusy(true);
    const mine: LanguageChoice = {
      defaultCode,
      checked: Object.fromEntries(
        interfaceLanguages.map((language) => [language.code, checked.includes(language.code)]),
      ),
    };
    try {
      const { reply } = await saveAtRevision({
        base: opened.value,
        mine,
        revision: opened.revision,
        reload: () => load(bookId),
        send: (value, revision) =>
          call<{ languages: BookLanguage[]; revision: number }>("/api/book/save-book-language", {
            bookId,
            languages: JSON.stringify(languagesOf(value)),
            revision: String(revision ?? 0),
          }),
      });
      show(reply.languages, reply.revision);
      notify(labels.languagesSaved);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  /** delete-book-language: the book's texts in that language go; the panel shows the list the server answers. */
  const remove = async (code: string) => {
    setBusy(true);
    try {
      await call("/api/book/delete-book-language", { bookId, code });
      // Read back with its revision, so the next save starts from the list as stored now.
      const loaded = await load(bookId);
      show(loaded.languages, loaded.revision);
      notify(labels.languageDeleted);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      await call("/api/book/reset-book-language", { bookId });
      const loaded = await load(bookId);
      show(loaded.languages, loaded.revision);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  if (!checked) return <p className="loading">{labels.loading}</p>;
  // The languages the book has stored (the server's list), which delete-book-language can remove; Chinese stays.
  const stored = opened ? Object.keys(opened.value.checked).filter((code) => opened.value.checked[code]) : [];
  return (
    <div className="panel">
      <h2 className="panel-title">{labels.bookLanguages}</h2>
      <ul className="languages">
        {interfaceLanguages.map((language) => (
          <li key={language.code}>
            <Check
              label={language.name}
              checked={checked.includes(language.code)}
              onChange={(on) =>
                setChecked(on ? [...checked, language.code] : checked.filter((code) => code !== language.code))
              }
            />
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
            {stored.includes(language.code) && language.code !== "zh-CN" ? (
              <button
                type="button"
                className="icon"
                disabled={busy}
                title={labels.languageDelete}
                aria-label={`${labels.languageDelete} ${language.name}`}
                onClick={() => void remove(language.code)}
              >
                ×
              </button>
            ) : null}
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
