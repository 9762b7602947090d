import type { ReaderBook } from "../book.js";
import { useLabels } from "../language/labels-context.js";
import { useLoadRetries } from "../load-retries.js";

/** A page's thumbnail, asked for again after the load-retries.ts delays when it did not arrive. */
function ThumbnailImage({ url, height }: { url: string; height: number }) {
  const { attempt, failed } = useLoadRetries(url);
  return <img key={attempt} src={url} alt="" loading="lazy" width={90} height={height} onError={failed} />;
}

/** Every page as a small picture; images load only as they scroll into view. */
export function Thumbnails({
  book,
  current,
  onGo,
  onClose,
  background,
}: {
  /** The panel's colour (thumbnailColor with thumbnailAlpha). */
  background?: string;
  book: ReaderBook;
  current: number[];
  onGo(page: number): void;
  onClose(): void;
}) {
  const labels = useLabels();
  return (
    <aside className="tl-panel tl-thumbnails" aria-label={labels.thumbnails} style={{ background }}>
      <header>
        <h2>{labels.thumbnails}</h2>
        <button type="button" onClick={onClose} aria-label={labels.close}>
          ×
        </button>
      </header>
      <ol>
        {book.pages.map((page) => (
          <li key={page.number}>
            <button
              type="button"
              onClick={() => onGo(page.number)}
              aria-current={current.includes(page.number) ? "page" : undefined}
              aria-label={labels.page(page.number)}
            >
              <ThumbnailImage url={page.thumbUrl} height={Math.round((90 * page.height) / page.width)} />
              <span>{page.number}</span>
            </button>
          </li>
        ))}
      </ol>
    </aside>
  );
}
