import { useRef } from "react";
import type { ReaderBook } from "../book.js";

const power = 2.5;
const radius = 90;

/**
 * The magnifier: a lens following the pointer over the pages, showing the page's largest rendition enlarged.
 * It covers the stage while on (so clicks do not turn pages) and writes the lens straight to the DOM on each
 * move, with no React render per frame.
 */
export function Magnifier({ book, label }: { book: ReaderBook; label: string }) {
  const lens = useRef<HTMLDivElement>(null);
  const shown = useRef<string>("");

  const move = (event: React.PointerEvent<HTMLDivElement>) => {
    const element = lens.current;
    if (!element) return;
    const face = document
      .elementsFromPoint(event.clientX, event.clientY)
      .find((candidate): candidate is HTMLElement => candidate.matches(".tl-face[data-page]"));
    const page = face ? book.pages[Number(face.dataset.page) - 1] : undefined;
    const largest = page && !page.locked ? page.renditions[page.renditions.length - 1] : undefined;
    if (!face || !largest) {
      element.hidden = true;
      return;
    }
    const rect = face.getBoundingClientRect();
    const layer = event.currentTarget.getBoundingClientRect();
    const width = rect.width * power;
    const height = rect.height * power;
    const x = (event.clientX - rect.left) * power;
    const y = (event.clientY - rect.top) * power;
    if (shown.current !== largest.url) {
      shown.current = largest.url;
      element.style.backgroundImage = `url("${largest.url}")`;
    }
    element.hidden = false;
    element.style.transform = `translate(${event.clientX - layer.left - radius}px, ${event.clientY - layer.top - radius}px)`;
    element.style.backgroundSize = `${width}px ${height}px`;
    element.style.backgroundPosition = `${radius - x}px ${radius - y}px`;
    element.dataset.page = String(page?.number);
  };

  return (
    <div
      className="tl-magnifier"
      onPointerMove={move}
      onPointerDown={move}
      onPointerLeave={() => {
        if (lens.current) lens.current.hidden = true;
      }}
      aria-hidden="true"
      title={label}
    >
      <div ref={lens} className="tl-lens" style={{ width: 2 * radius, height: 2 * radius }} hidden data-testid="lens" />
    </div>
  );
}
