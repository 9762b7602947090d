import { useEffect, useRef, useState } from "react";
import { useScreenServices } from "../screen-services.js";
import "./media-editor.css";
import type { Labels } from "../labels.js";
import { ItemSettings } from "./MediaSettings.js";
import {
  type MediaItem,
  type MediaKind,
  mediaKey,
  moved,
  newItem,
  type PdfLink,
  pageItems,
  resized,
} from "./media-doc.js";
import { NewItemForm } from "./NewItemForm.js";

interface BookPage {
  number: number;
  width: number;
  height: number;
  renditions: { width: number; url: string }[];
  links: PdfLink[];
}

/**
 * The multimedia editor (spec 001 "add multimedia"): a page of the book with its items as boxes to drag and resize,
 * buttons to add each kind, and the chosen item's settings. Every change goes through `onChange` as one step of
 * the editor's undo stack (`media:<id>` keys); a drag or a resize is one change when the pointer is let go, and
 * the preview frame follows it meanwhile (`onPreview`).
 */
export function MediaEditor({
  number,
  doc,
  readOnly,
  onChange,
  onPreview,
}: {
  number: string;
  doc: Record<string, unknown>;
  readOnly: boolean;
  onChange: (values: Record<string, unknown>, stepKey: string) => boolean;
  /** An item's box while it is dragged (not a step yet): the preview frame follows it live. */
  onPreview?: (values: Record<string, unknown>) => void;
}) {
  const { labels } = useScreenServices();
  const [pages, setPages] = useState<BookPage[] | null>(null);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const [draft, setDraft] = useState<MediaKind | null>(null);
  const [dragging, setDragging] = useState<MediaItem | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const gesture = useRef<{
    id: number;
    start: { x: number; y: number };
    item: MediaItem;
    mode: "move" | "resize";
    /**
     * The box the last pointer move made. The let-go reads it here, not from `dragging`: React may not have rendered
     * the last moves yet when the pointer is let go (a quick drag on a busy machine), and that render's state would
     * drop the drag.
     */
    latest?: MediaItem;
  } | null>(null);

  useEffect(() => {
    let live = true;
    fetch(`/b/${encodeURIComponent(number)}/book.json`, { credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<{ pages: BookPage[] }>) : { pages: [] }))
      .then((book) => {
        if (live) setPages(book.pages);
      })
      .catch(() => {
        if (live) setPages([]);
      });
    return () => {
      live = false;
    };
  }, [number]);

  const pageCount = pages?.length ?? 0;
  const current = pages?.[page - 1];
  const items = pageItems(doc, page, current?.links ?? []);
  const shown = items.map((item) => (dragging && dragging.id === item.id ? dragging : item));
  const chosen = shown.find((item) => item.id === selected) ?? null;

  const save = (item: MediaItem) => onChange({ [mediaKey(item.id)]: item }, mediaKey(item.id));
  const remove = (item: MediaItem) => {
    if (onChange({ [mediaKey(item.id)]: null }, mediaKey(item.id))) setSelected(null);
  };

  const place = (kind: MediaKind, fields: Partial<MediaItem>) => {
    const item = newItem(kind, page, fields);
    if (save(item)) {
      setSelected(item.id);
      setDraft(null);
    }
  };

  const add = (kind: MediaKind) => {
    if (kind === "link") return place("link", { targetPage: Math.min(page + 1, Math.max(pageCount, 1)) });
    if (kind === "note") return place("note", { text: labels.mediaNoteDefault });
    setSelected(null);
    setDraft(kind);
  };

  const onPointerDown = (event: React.PointerEvent, item: MediaItem, mode: "move" | "resize") => {
    if (readOnly || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    setSelected(item.id);
    setDraft(null);
    (event.currentTarget as HTMLElement).setPointerCapture(event.pointerId);
    gesture.current = { id: event.pointerId, start: { x: event.clientX, y: event.clientY }, item, mode };
  };

  const onPointerMove = (event: React.PointerEvent) => {
    const active = gesture.current;
    const box = stage.current?.getBoundingClientRect();
    if (!active || active.id !== event.pointerId || !box) return;
    const dx = (event.clientX - active.start.x) / box.width;
    const dy = (event.clientY - active.start.y) / box.height;
    const next = active.mode === "move" ? moved(active.item, dx, dy) : resized(active.item, dx, dy);
    active.latest = next;
    setDragging(next);
    onPreview?.({ [mediaKey(next.id)]: next });
  };

  const onPointerUp = (event: React.PointerEvent) => {
    const active = gesture.current;
    if (!active || active.id !== event.pointerId) return;
    gesture.current = null;
    const result = active.latest;
    setDragging(null);
    if (!result) return;
    if (JSON.stringify(result) !== JSON.stringify(active.item) && save(result)) return;
    // No step made (back where it started, or refused): the preview goes back to the item as it was.
    onPreview?.({ [mediaKey(active.item.id)]: active.item });
  };

  if (!pages) return <p className="loading">{labels.loading}</p>;
  const picture = current
    ? ([...current.renditions].sort((a, b) => a.width - b.width).find((r) => r.width >= 800) ??
      current.renditions.at(-1))
    : undefined;
  const aspect = current ? current.height / Math.max(current.width, 1) : 4 / 3;

  return (
    <div className="media-editor" data-testid="media-editor">
      <div className="media-toolbar">
        <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          ‹ {labels.mediaPrevPage}
        </button>
        <label>
          {labels.mediaPage}{" "}
          <input
            type="number"
            min={1}
            max={Math.max(pageCount, 1)}
            value={page}
            aria-label={labels.mediaPage}
            onChange={(event) => {
              const value = Number(event.target.value);
              if (Number.isInteger(value) && value >= 1 && value <= Math.max(pageCount, 1)) {
                setPage(value);
                setSelected(null);
              }
            }}
          />{" "}
          / {pageCount}
        </label>
        <button type="button" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
          {labels.mediaNextPage} ›
        </button>
        <span className="media-add">
          {(
            [
              ["link", labels.mediaAddLink],
              ["video", labels.mediaAddVideo],
              ["audio", labels.mediaAddAudio],
              ["image", labels.mediaAddImage],
              ["note", labels.mediaAddNote],
            ] as [MediaKind, string][]
          ).map(([kind, text]) => (
            <button key={kind} type="button" disabled={readOnly || !current} onClick={() => add(kind)}>
              {text}
            </button>
          ))}
        </span>
      </div>
      <div className="media-body">
        <div
          ref={stage}
          className="media-page"
          data-testid="media-page"
          style={{ aspectRatio: `${1 / aspect}` }}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            gesture.current = null;
            setDragging(null);
          }}
        >
          {picture ? <img src={picture.url} alt={`${labels.mediaPage} ${page}`} draggable={false} /> : null}
          {shown.map((item) => (
            <button
              type="button"
              key={item.id}
              className={`media-box media-box-${item.kind} ${item.id === selected ? "selected" : ""}`}
              data-media-id={item.id}
              data-origin={item.origin ?? ""}
              aria-label={`${kindLabel(labels, item.kind)} ${item.text ?? item.url ?? item.embedUrl ?? ""}`.trim()}
              style={{
                left: `${item.x * 100}%`,
                top: `${item.y * 100}%`,
                width: `${item.width * 100}%`,
                height: `${item.height * 100}%`,
              }}
              onPointerDown={(event) => onPointerDown(event, item, "move")}
              onKeyDown={(event) => {
                const step = event.shiftKey ? 0.05 : 0.01;
                const by: Record<string, [number, number]> = {
                  ArrowLeft: [-step, 0],
                  ArrowRight: [step, 0],
                  ArrowUp: [0, -step],
                  ArrowDown: [0, step],
                };
                const delta = by[event.key];
                if (delta && !readOnly) {
                  event.preventDefault();
                  save(moved(item, delta[0], delta[1]));
                } else if ((event.key === "Delete" || event.key === "Backspace") && !readOnly) {
                  event.preventDefault();
                  remove(item);
                } else if (event.key === "Enter") setSelected(item.id);
              }}
              onFocus={() => setSelected(item.id)}
            >
              <span className="media-box-label">{kindLabel(labels, item.kind)}</span>
              <span
                className="media-resize"
                data-testid="media-resize"
                aria-hidden="true"
                onPointerDown={(event) => onPointerDown(event, item, "resize")}
              />
            </button>
          ))}
        </div>
        <aside className="media-side">
          {draft ? (
            <NewItemForm kind={draft} onPlace={place} onCancel={() => setDraft(null)} />
          ) : chosen ? (
            <ItemSettings
              // A new value (undo, redo, a drag) shows afresh in the fields.
              key={`${chosen.id}:${JSON.stringify(chosen)}`}
              item={chosen}
              pageCount={pageCount}
              readOnly={readOnly}
              onSave={save}
              onDelete={() => remove(chosen)}
            />
          ) : (
            <p className="note">{items.length === 0 ? labels.mediaNone : labels.mediaHint}</p>
          )}
          {items.length > 0 ? (
            <ul className="media-list" aria-label={labels.mediaItems}>
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    className={item.id === selected ? "active" : ""}
                    onClick={() => {
                      setSelected(item.id);
                      setDraft(null);
                    }}
                  >
                    {kindLabel(labels, item.kind)}
                    {item.origin === "pdf" ? ` (${labels.mediaFromPdf})` : ""}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </aside>
      </div>
    </div>
  );
}

export function kindLabel(labels: Labels, kind: MediaKind): string {
  const names: Record<MediaKind, string> = {
    link: labels.mediaKindLink,
    video: labels.mediaKindVideo,
    audio: labels.mediaKindAudio,
    image: labels.mediaKindImage,
    note: labels.mediaKindNote,
  };
  return names[kind];
}
