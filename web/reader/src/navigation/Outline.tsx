import { useState } from "react";
import type { OutlineItem } from "../book.js";
import { useLabels } from "../language/labels-context.js";

function Items({ items, onGo, target }: { items: OutlineItem[]; onGo(page: number): void; target: string }) {
  return (
    <ul>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: outline entries may repeat titles; order is their identity
        <Item key={index} item={item} onGo={onGo} target={target} />
      ))}
    </ul>
  );
}

/** One entry; one whose owner set the collapse flag starts with its sub-entries folded (a toggle opens them). */
function Item({ item, onGo, target }: { item: OutlineItem; onGo(page: number): void; target: string }) {
  const [open, setOpen] = useState(item.collapsed !== true);
  // Only an entry the owner marked collapsible folds; the others show their sub-entries as before.
  const folding = item.collapsed === true && item.children.length > 0;
  return (
    <li className={folding ? "tl-outline-parent" : undefined}>
      {folding ? (
        <button
          type="button"
          className="tl-outline-toggle"
          aria-expanded={open}
          aria-label={item.title}
          onClick={() => setOpen(!open)}
        >
          {open ? "▾" : "▸"}
        </button>
      ) : null}
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
      {item.children.length > 0 && (!folding || open) ? (
        <Items items={item.children} onGo={onGo} target={target} />
      ) : null}
    </li>
  );
}

export function Outline({
  items,
  onGo,
  onClose,
  target = "_blank",
}: {
  items: OutlineItem[];
  onGo(page: number): void;
  onClose(): void;
  /** Where a linked entry opens (the book's link target setting). */
  target?: string;
}) {
  const labels = useLabels();
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
