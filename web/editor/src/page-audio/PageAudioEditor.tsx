import { useCallback, useEffect, useId, useState } from "react";
import { NumberField } from "../common/NumberField.js";
import { useScreenServices } from "../screen-services.js";
import { type CaptionChoice, type PageAudioBook, type PageAudioPlay, pageAudioApi } from "./page-audio-api.js";

const speedRange = { min: 80, max: 450, initial: 175 } as const;

/**
 * The page audio editor (spec 001 §2, issue #37): choose a page, give it speech generated on the server from a
 * text (voice, speed) or an uploaded MP3, with its caption options; play it here; clear it; and the book's play
 * settings (auto flip after the audio or manual flip, the pause between pages, pausing on pages without audio).
 */
export function PageAudioEditor({ bookId, readOnly }: { bookId: string; readOnly: boolean }) {
  const { labels, notify, report } = useScreenServices();
  const id = useId();
  const [book, setBook] = useState<PageAudioBook | null>(null);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(1);
  const [source, setSource] = useState<"speech" | "file">("speech");
  const [text, setText] = useState("");
  const [voice, setVoice] = useState("zh");
  const [speed, setSpeed] = useState<number>(speedRange.initial);
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState<CaptionChoice>({ caption: true, captionPosition: "bottom" });
  const [play, setPlay] = useState<PageAudioPlay>({ autoFlip: true, pauseSeconds: 1, pauseWithoutAudio: false });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    const [loaded, count] = await Promise.all([pageAudioApi.get(bookId), pageAudioApi.pageCount(bookId)]);
    setBook(loaded);
    setPlay(loaded.play);
    setPageCount(count);
  }, [bookId]);

  useEffect(() => {
    load().catch(report);
  }, [load, report]);

  const current = book?.pages.find((entry) => entry.page === page);
  // The form shows the chosen page's audio when it has one.
  useEffect(() => {
    if (!current) return;
    setSource(current.source);
    setText(current.text);
    if (current.voice) setVoice(current.voice);
    if (current.speed) setSpeed(current.speed);
    setCaption({ caption: current.caption, captionPosition: current.captionPosition });
  }, [current]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await load();
      notify(done);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  const withAudio = new Set(book?.pages.map((entry) => entry.page));

  return (
    <section className="panel-section page-audio-editor" aria-label={labels.pageAudio} data-testid="page-audio-editor">
      <h2 className="panel-title">{labels.pageAudio}</h2>
      <label className="field">
        <span>{labels.pageAudioPage}</span>
        <select value={page} onChange={(event) => setPage(Number(event.target.value))} data-testid="page-audio-page">
          {pages.map((number) => (
            <option key={number} value={number}>
              {withAudio.has(number) ? `${number} ♪` : String(number)}
            </option>
          ))}
        </select>
      </label>
      {current ? (
        <div className="field">
          {/* biome-ignore lint/a11y/useMediaCaption: the page's text is shown as its caption in the reader */}
          <audio controls src={current.url} preload="none" data-testid="page-audio-preview" />
          <button
            type="button"
            disabled={busy || readOnly}
            onClick={() => run(() => pageAudioApi.clear(bookId, page), labels.pageAudioCleared)}
          >
            {labels.pageAudioClear}
          </button>
        </div>
      ) : (
        <p className="note">{labels.pageAudioNone}</p>
      )}
      <fieldset className="field" disabled={readOnly}>
        <label>
          <input type="radio" checked={source === "speech"} onChange={() => setSource("speech")} />
          {labels.pageAudioSpeech}
        </label>
        <label>
          <input type="radio" checked={source === "file"} onChange={() => setSource("file")} />
          {labels.pageAudioFile}
        </label>
      </fieldset>
      <label className="field">
        <span>{labels.speakText}</span>
        <textarea
          rows={3}
          maxLength={1000}
          value={text}
          disabled={readOnly}
          onChange={(event) => setText(event.target.value)}
          data-testid="page-audio-text"
        />
      </label>
      {source === "speech" ? (
        <>
          <label className="field">
            <span>{labels.pageAudioVoice}</span>
            <select value={voice} disabled={readOnly} onChange={(event) => setVoice(event.target.value)}>
              <option value="zh">{labels.pageAudioVoiceZh}</option>
              <option value="en">{labels.pageAudioVoiceEn}</option>
            </select>
          </label>
          <NumberField
            label={labels.pageAudioSpeed}
            min={speedRange.min}
            max={speedRange.max}
            value={speed}
            disabled={readOnly}
            onChange={(text) => setSpeed(Number(text))}
          />
        </>
      ) : (
        <label className="field">
          <span>{labels.pageAudioFile}</span>
          <input
            id={`${id}-file`}
            type="file"
            accept=".mp3,audio/mpeg"
            disabled={readOnly}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            data-testid="page-audio-file"
          />
        </label>
      )}
      <label className="field checkbox">
        <input
          type="checkbox"
          checked={caption.caption}
          disabled={readOnly}
          onChange={(event) => setCaption({ ...caption, caption: event.target.checked })}
        />
        <span>{labels.pageAudioCaption}</span>
      </label>
      <label className="field">
        <span>{labels.pageAudioCaptionPosition}</span>
        <select
          value={caption.captionPosition}
          disabled={readOnly || !caption.caption}
          onChange={(event) => setCaption({ ...caption, captionPosition: event.target.value as "top" | "bottom" })}
        >
          <option value="bottom">{labels.pageAudioBottom}</option>
          <option value="top">{labels.pageAudioTop}</option>
        </select>
      </label>
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy || readOnly || pageCount === 0 || (source === "speech" ? !text.trim() : !file)}
          data-testid="page-audio-save"
          onClick={() =>
            run(
              () =>
                source === "speech"
                  ? pageAudioApi.speak(bookId, page, text, voice, speed, caption)
                  : pageAudioApi.uploadFile(bookId, page, file as File, text, caption),
              labels.pageAudioSaved,
            )
          }
        >
          {busy ? labels.pageAudioGenerating : source === "speech" ? labels.pageAudioGenerate : labels.pageAudioUseFile}
        </button>
      </div>
      <h3 className="panel-title">{labels.pageAudioPlaySettings}</h3>
      <fieldset className="field" disabled={readOnly}>
        <label>
          <input type="radio" checked={play.autoFlip} onChange={() => setPlay({ ...play, autoFlip: true })} />
          {labels.pageAudioAutoFlip}
        </label>
        <label>
          <input type="radio" checked={!play.autoFlip} onChange={() => setPlay({ ...play, autoFlip: false })} />
          {labels.pageAudioManualFlip}
        </label>
      </fieldset>
      <NumberField
        label={labels.pageAudioPause}
        min={0}
        max={60}
        value={play.pauseSeconds}
        disabled={readOnly || !play.autoFlip}
        onChange={(text) => setPlay({ ...play, pauseSeconds: Number(text) })}
      />
      <label className="field checkbox">
        <input
          type="checkbox"
          checked={play.pauseWithoutAudio}
          disabled={readOnly || !play.autoFlip}
          onChange={(event) => setPlay({ ...play, pauseWithoutAudio: event.target.checked })}
        />
        <span>{labels.pageAudioPauseWithout}</span>
      </label>
      <div className="actions">
        <button
          type="button"
          disabled={busy || readOnly}
          onClick={() => run(() => pageAudioApi.savePlay(bookId, play), labels.pageAudioSaved)}
        >
          {labels.pageAudioSavePlay}
        </button>
      </div>
    </section>
  );
}
