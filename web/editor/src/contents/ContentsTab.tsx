import type { BookInfo } from "../api.js";
import { CustomContentPanel } from "../custom/CustomContentPanel.js";
import type { OwnBook } from "../custom/SourceBook.js";
import { CatalogPanel } from "./CatalogPanel.js";

/** The contents tab: the TOC editor and the custom content blocks (stored TOC and bookmark tabs by name). */
export function ContentsTab({
  book,
  ownBook,
  teamId,
  onBookChange,
  onReloadBook,
  onReloadPreview,
}: {
  book: BookInfo;
  ownBook: OwnBook | null;
  teamId: string;
  /** The book with what a save stored. */
  onBookChange: (book: BookInfo) => void;
  onReloadBook: () => void;
  onReloadPreview: () => void;
}) {
  return (
    <>
      <CatalogPanel
        key={`catalog-${book.catalogRevision ?? 0}`}
        book={book}
        teamId={teamId}
        onSaved={(catalog) => {
          onBookChange({ ...book, catalog });
          onReloadPreview();
        }}
      />
      {ownBook ? (
        <CustomContentPanel
          book={ownBook}
          catalog={book.catalog}
          bookmarks={book.bookmarks}
          teamId={teamId}
          onApplied={() => {
            // The TOC and bookmark tabs the server now holds are loaded again and previewed.
            onReloadBook();
            onReloadPreview();
          }}
        />
      ) : null}
    </>
  );
}
