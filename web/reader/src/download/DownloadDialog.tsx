import { useEffect, useRef } from "react";
import type { ReaderBook } from "../book.js";
import { useLabels } from "../language/labels-context.js";

/** Download: the original PDF, the owner's attachments and, when the book allows it, the visible pages' pictures at their largest. */
export function DownloadDialog({
  book,
  visiblePages,
  onClose,
}: {
  book: ReaderBook;
  visiblePages: number[];
  onClose(): void;
}) {
  const labels = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const download = book.settings.download;
  const singles = download?.allowSinglePage
    ? visiblePages.flatMap((number) => {
        const page = book.pages[number - 1];
        const largest = page && !page.locked ? page.renditions[page.renditions.length - 1] : undefined;
        return largest ? [{ number, url: largest.url }] : [];
      })
    : [];
  const fileName = (url: string, fallback: string) => {
    const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1];
    return extension ? `${fallback}.${extension}` : fallback;
  };
  return (
    <dialog ref={dialog} className="tl-dialog tl-download" aria-label={labels.download} onClose={onClose}>
      <header>
        <h2>{labels.download}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label={labels.close}>
          ×
        </button>
      </header>
      <ul>
        {download?.pdfUrl ? (
          <li>
            <a href={download.pdfUrl} download={fileName(download.pdfUrl, book.title)}>
              {labels.originalPdf}
            </a>
          </li>
        ) : null}
        {(download?.attachments ?? []).map((attachment) => (
          <li key={attachment.url}>
            <a href={attachment.url} download={attachment.name}>
              {attachment.name}
            </a>
          </li>
        ))}
        {singles.map(({ number, url }) => (
          <li key={number}>
            <a href={url} download={fileName(url, `${book.title}-${number}`)}>
              {labels.page(number)}
            </a>
          </li>
        ))}
      </ul>
    </dialog>
  );
}
