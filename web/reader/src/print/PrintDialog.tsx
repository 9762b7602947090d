import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { ReaderBook } from "../book.js";
import { pickRendition } from "../engine/renditions.js";
import { useLabels } from "../language/labels-context.js";

/**
 * Print: the visible pages or the whole book laid out one page per sheet in a
 * print-only layout outside the reader (print CSS hides the reader and shows only this), each page under the
 * book's watermark. The browser's print dialog opens once every picture has loaded.
 */
export function PrintDialog({
  book,
  visiblePages,
  watermark,
  onClose,
}: {
  book: ReaderBook;
  visiblePages: number[];
  watermark: string;
  onClose(): void;
}) {
  const labels = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  const layout = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<number[] | null>(null);

  useEffect(() => {
    dialog.current?.showModal();
  }, []);

  useEffect(() => {
    if (!pages || !layout.current) return;
    let cancelled = false;
    const images = [...layout.current.querySelectorAll("img")];
    Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(() => {
      if (cancelled) return;
      const done = () => {
        window.removeEventListener("afterprint", done);
        setPages(null);
        onClose();
      };
      window.addEventListener("afterprint", done);
      window.print();
    });
    return () => {
      cancelled = true;
    };
  }, [pages, onClose]);

  const choose = (which: number[]) => {
    setPages(which.filter((number) => book.pages[number - 1] && !book.pages[number - 1]?.locked));
    dialog.current?.close();
  };

  return (
    <>
      <dialog
        ref={dialog}
        className="tl-dialog"
        aria-label={labels.print}
        onClose={() => {
          if (!pages) onClose();
        }}
      >
        <header>
          <h2>{labels.print}</h2>
          <button type="button" onClick={() => dialog.current?.close()} aria-label={labels.close}>
            ×
          </button>
        </header>
        <div className="tl-dialog-actions">
          <button type="button" onClick={() => choose(visiblePages)}>
            {labels.printVisible}
          </button>
          <button type="button" onClick={() => choose(book.pages.map((page) => page.number))}>
            {labels.printBook}
          </button>
        </div>
      </dialog>
      {pages
        ? createPortal(
            <div ref={layout} className="tl-print" data-testid="print-layout">
              {pages.map((number) => {
                const page = book.pages[number - 1];
                const rendition = page ? pickRendition(page.renditions, 800, 2, 1) : undefined;
                return (
                  <section key={number} className="tl-print-page">
                    {rendition ? <img src={rendition.url} alt={labels.page(number)} /> : null}
                    {watermark ? <div className="tl-print-watermark">{watermark}</div> : null}
                  </section>
                );
              })}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
