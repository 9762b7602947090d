import { useId, useState } from "react";
import { useScreenServices } from "../screen-services.js";
import { FileSetting } from "../settings/FileSetting.js";

const musicOf = (value: unknown): Record<string, unknown> =>
  typeof value === "string" ? { url: value } : value && typeof value === "object" ? { ...value } : {};

/**
 * Background music, the book-wide track (each page's own audio is the page audio editor, src/page-audio/): an MP3
 * uploaded (upload-file, the file setting's flow) and set as the background music setting's
 * URL (one setting change), and a text-to-speech preview with the browser's speechSynthesis where it exists.
 */
export function PageAudioPanel({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (music: Record<string, unknown>) => void;
}) {
  const { labels, lang } = useScreenServices();
  const id = useId();
  const [text, setText] = useState("");
  const speech = typeof window !== "undefined" && "speechSynthesis" in window ? window.speechSynthesis : undefined;

  return (
    <section className="panel-section" aria-label={labels.backgroundMusic}>
      <h2 className="panel-title">{labels.backgroundMusic}</h2>
      <div className="field">
        <span>
          <label htmlFor={id}>{labels.musicFile}</label>
        </span>
        <FileSetting
          id={id}
          value={String(musicOf(value).url ?? "")}
          extensions={["mp3"]}
          purpose="audio"
          onChange={(url) => onChange({ ...musicOf(value), url })}
        />
      </div>
      {speech ? (
        <>
          <label className="field">
            <span>{labels.speakText}</span>
            <textarea rows={2} value={text} onChange={(event) => setText(event.target.value)} />
          </label>
          <div className="actions">
            <button
              type="button"
              disabled={!text.trim()}
              onClick={() => {
                speech.cancel();
                const utterance = new SpeechSynthesisUtterance(text);
                utterance.lang = lang;
                speech.speak(utterance);
              }}
            >
              {labels.speak}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}
