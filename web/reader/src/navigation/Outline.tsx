import type { OutlineItem } from "../book.js";
import type { Labels } from "../language/labels.js";

function Items({ items, onGo, target }: { items: OutlineItem[]; onGo(page: number): void; target: string }) {
  return (
    <ul>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: outline entries may repeat titles; order is their identity
        <li key={index}>
          {item.url ? (
            // An entry the owner linked to a URL (spec 001 link kinds) opens it, as the book's other links do.
            <a className="tl-outline-link" href={item.url} target={target} rel="noopener noreferrer">
              <span>{item.title}</span>
              <span className="tl-outline-page">↗</span>
            </a>
          ) : (
            <button type="button" onClick={() => onGo(item.page)}>
              <span>{item.title}</span>
              <span className="tl-outline-page">{item.page}</span>
            </button>
          )}
          {item.children.length > 0 ? <Items items={item.children} onGo={onGo} target={target} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function Outline({
  items,
  labels,
  onGo,
  onClose,
  target = "_blank",
}: {
  items: OutlineItem[];
  labels: Labels;
  onGo(page: number): void;
  onClose(): void;
  /** Where a linked entry opens (the book's link target setting). */
  target?: string;
}) {
  return (
    <aside className="tl-panel" aria-label={labels.contents}>
      <header>
        <h2>{labels.contents}</h2>
        <button type="button" onClick={onClose} aria-label={labels.close}>
          ×
        </button>
      </header>
      <Items items={items} onGo={onGo} target={target} />
    </aside>
  );
}
