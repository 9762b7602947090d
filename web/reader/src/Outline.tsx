import type { OutlineItem } from "./book.js";
import type { Labels } from "./labels.js";

function Items({ items, onGo }: { items: OutlineItem[]; onGo(page: number): void }) {
  return (
    <ul>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: outline entries may repeat titles; order is their identity
        <li key={index}>
          <button type="button" onClick={() => onGo(item.page)}>
            <span>{item.title}</span>
            <span className="tl-outline-page">{item.page}</span>
          </button>
          {item.children.length > 0 ? <Items items={item.children} onGo={onGo} /> : null}
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
}: {
  items: OutlineItem[];
  labels: Labels;
  onGo(page: number): void;
  onClose(): void;
}) {
  return (
    <aside className="tl-panel" aria-label={labels.contents}>
      <header>
        <h2>{labels.contents}</h2>
        <button type="button" onClick={onClose} aria-label={labels.close}>
          ×
        </button>
      </header>
      <Items items={items} onGo={onGo} />
    </aside>
  );
}
