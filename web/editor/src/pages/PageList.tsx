import { useRef } from "react";
import { RetryingImage } from "../common/RetryingImage.js";
import { useScreenServices } from "../screen-services.js";
import { fill, movePage, withChosen } from "./page-order.js";

/** The pages in the order being arranged: each one chosen by its box, moved by drag or one step up or down. */
export function PageList({
  busy,
  order,
  chosen,
  thumbOf,
  onOrder,
  onChosen,
}: {
  busy: boolean;
  order: number[];
  chosen: Set<number>;
  thumbOf(page: number): string;
  onOrder(order: number[]): void;
  onChosen(chosen: Set<number>): void;
}) {
  const { labels } = useScreenServices();
  const dragged = useRef<number | null>(null);
  return (
    <ol className="page-list" aria-label={labels.tabPages}>
      {order.map((page, index) => (
        <li
          key={page}
          data-page={page}
          draggable={!busy}
          className={chosen.has(page) ? "chosen" : ""}
          onDragStart={() => {
            dragged.current = index;
          }}
          onDragOver={(event) => event.preventDefault()}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged.current !== null) onOrder(movePage(order, dragged.current, index));
            dragged.current = null;
          }}
        >
          <input
            type="checkbox"
            aria-label={fill(labels.pagesSelect, { n: page })}
            checked={chosen.has(page)}
            disabled={busy}
            onChange={(event) => onChosen(withChosen(chosen, page, event.target.checked))}
          />
          {thumbOf(page) ? <RetryingImage src={thumbOf(page)} width={48} loading="lazy" /> : null}
          <span className="page-name">
            {index + 1}
            {page !== index + 1 ? ` (${fill(labels.pagesPage, { n: page })})` : ""}
          </span>
          <button
            type="button"
            aria-label={`${labels.pagesMoveUp} ${fill(labels.pagesPage, { n: page })}`}
            disabled={busy || index === 0}
            onClick={() => onOrder(movePage(order, index, index - 1))}
          >
            ↑
          </button>
          <button
            type="button"
            aria-label={`${labels.pagesMoveDown} ${fill(labels.pagesPage, { n: page })}`}
            disabled={busy || index === order.length - 1}
            onClick={() => onOrder(movePage(order, index, index + 1))}
          >
            ↓
          </button>
        </li>
      ))}
    </ol>
  );
}
