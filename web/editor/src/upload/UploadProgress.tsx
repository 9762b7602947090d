import { useScreenServices } from "../screen-services.js";

export type Phase = "idle" | "uploading" | "paused" | "converting" | "ready" | "failed";

const percent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

/**
 * The upload's progress under the form: the phase, the bytes sent and the pages converted (each a bar and a
 * count), once ready what to do next (edit, read, share, upload another), and the messages the upload said.
 */
export function UploadProgress({
  phase,
  bytes,
  pages,
  messages,
  onOpen,
  readLink,
  onShare,
  onAnother,
  searchPreparing,
}: {
  phase: Phase;
  bytes: { done: number; total: number };
  pages: { done: number; total: number };
  messages: { text: string; kind: "info" | "error" }[];
  /** Opens the converted book in the editor (once there is one). */
  onOpen?: (() => void) | undefined;
  /** The hosted reader of the converted book. */
  readLink?: string | undefined;
  onShare?: (() => void) | undefined;
  /** Clears the form for the next book. */
  onAnother?: (() => void) | undefined;
  /** The book is ready while OCR still reads its scanned pages: search finds their words later. */
  searchPreparing?: boolean | undefined;
}) {
  const { labels } = useScreenServices();
  const phaseLabel: Record<Phase, string> = {
    idle: "",
    uploading: labels.uploading,
    paused: labels.paused,
    converting: labels.converting,
    ready: labels.ready,
    failed: labels.failed,
  };
  return (
    <>
      {phase !== "idle" ? (
        <section className="progress" aria-label={labels.uploading}>
          <p data-testid="upload-phase" data-phase={phase}>
            {phaseLabel[phase]}
          </p>
          <div
            className="bar"
            role="progressbar"
            aria-label={labels.bytes}
            aria-valuenow={percent(bytes.done, bytes.total)}
          >
            <div style={{ width: `${percent(bytes.done, bytes.total)}%` }} />
          </div>
          <p data-testid="upload-bytes">
            {bytes.done.toLocaleString()} / {bytes.total.toLocaleString()} {labels.bytes}
          </p>
          {phase === "converting" || phase === "ready" || pages.total > 0 ? (
            <>
              <div
                className="bar"
                role="progressbar"
                aria-label={labels.pages}
                aria-valuenow={percent(pages.done, pages.total)}
              >
                <div style={{ width: `${percent(pages.done, pages.total)}%` }} />
              </div>
              <p data-testid="upload-pages">
                {pages.done} / {pages.total || "?"} {labels.pages}
              </p>
            </>
          ) : null}
          {phase === "ready" && searchPreparing ? (
            <p data-testid="upload-search" data-search="preparing">
              {labels.searchPreparing}
            </p>
          ) : null}
          {phase === "ready" ? (
            <div className="actions" data-testid="upload-next">
              {onOpen ? (
                <button type="button" className="primary" onClick={onOpen}>
                  {labels.openEditor}
                </button>
              ) : null}
              {readLink ? (
                <a className="button" href={readLink} target="_blank" rel="noreferrer">
                  {labels.readBook}
                </a>
              ) : null}
              {onShare ? (
                <button type="button" onClick={onShare}>
                  {labels.share}
                </button>
              ) : null}
              {onAnother ? (
                <button type="button" onClick={onAnother}>
                  {labels.uploadAnother}
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
      {messages.length > 0 ? (
        <ul className="messages">
          {messages.map((message) => (
            <li key={message.text} className={message.kind === "error" ? "error-text" : ""}>
              {message.text}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
