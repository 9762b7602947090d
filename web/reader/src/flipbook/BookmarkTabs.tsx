import type { Bookmark } from "../book.js";
import type { Direction } from "../engine/layout.js";
import { useLabels } from "../language/labels-context.js";
import type { ReaderSettings } from "../settings/types.js";

/** The stage the tabs hang on: its size before the zoom, the zoom, and how the book lies and reads. */
export interface TabStage {
  width: number;
  height: number;
  zoom: number;
  vertical: boolean;
  direction: Direction;
}

/**
 * The bookmark tabs (the editor's tabconfig): sticking out of the side fore-edges (ahead: the edge still to read;
 * behind: the read one), or along the top edge; a click goes to the tab's page.
 */
export function BookmarkTabs({
  bookmarks,
  settings,
  visible,
  stage,
  onGoToPage,
}: {
  bookmarks: Bookmark[];
  settings: Pick<ReaderSettings, "bookmarkOnSideEdge" | "bookmarkHasTexture">;
  /** The pages of the current spread. */
  visible: number[];
  stage: TabStage;
  onGoToPage(page: number): void;
}) {
  const { zoom, vertical, direction } = stage;
  const labels = useLabels();
  if (bookmarks.length === 0) return null;
  const lastVisible = visible[visible.length - 1] ?? 1;
  const tabStep = Math.min(96, (stage.height * zoom - 16) / Math.max(bookmarks.length, 1));
  // Vertical (calendar) books have no side fore-edge to hang tabs on: theirs go along the top.
  const onSide = settings.bookmarkOnSideEdge !== false && !vertical;
  const topStep = Math.min(96, (stage.width * zoom - 16) / Math.max(bookmarks.length, 1));
  return (
    <nav
      className={`tl-bookmarks${settings.bookmarkHasTexture ? " tl-bookmarks-textured" : ""}`}
      aria-label={labels.bookmarks}
      data-edge={onSide ? "side" : "top"}
    >
      {bookmarks.map((mark, index) => {
        // Tabs of pages still ahead stick out of the fore-edge still to read; the others out of the read one.
        const ahead = mark.page > lastVisible;
        const side = onSide ? (ahead === (direction === "ltr") ? "right" : "left") : "top";
        const place = onSide
          ? { top: 8 + index * tabStep, height: Math.max(24, tabStep - 6) }
          : { left: 8 + index * topStep, width: Math.max(24, topStep - 6) };
        return (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: bookmarks have no identity but their order
            key={index}
            type="button"
            className={`tl-bookmark tl-bookmark-${side}`}
            style={{
              ...place,
              backgroundColor: mark.colour,
              color: mark.textColour ?? "#fff",
            }}
            aria-current={visible.includes(mark.page) ? "page" : undefined}
            title={mark.caption}
            onClick={() => onGoToPage(mark.page)}
          >
            <span>{mark.caption}</span>
          </button>
        );
      })}
    </nav>
  );
}
