import { useCallback, useEffect, useState } from "react";
import { type Bookmark, type CatalogNode, call } from "../api.js";
import { SavedEntryList, SaveUnderName } from "../common/SavedEntries.js";
import { useScreenServices } from "../screen-services.js";
import {
  type ContentBlock,
  contentBlockOf,
  contentJson,
  contentKeyPattern,
  customNameMax,
  entryCount,
  type SavedContent,
} from "./custom-entries.js";
import { type OwnBook, SourceBook, savedAt, useOwnBooks } from "./SourceBook.js";

interface Listed {
  key: string;
  block: ContentBlock;
  updatedAt: string;
}

/**
 * Custom content (spec 000/001 get/save/delete-custom-content: named JSON blocks of a book): the owner saves the
 * book's stored contents — its TOC and bookmark tabs — under a name, lists the blocks a book of theirs holds,
 * applies one to this book (through the TOC and bookmark save paths, so the server's rules and powers decide) and
 * deletes one after a confirm. Blocks another client saved in another shape are listed but cannot be applied.
 */
export function CustomContentPanel({
  book,
  catalog,
  bookmarks,
  teamId,
  onApplied,
}: {
  book: OwnBook;
  /** The book's stored TOC and bookmark tabs (what is saved). */
  catalog: CatalogNode[];
  bookmarks: Bookmark[];
  teamId: string;
  onApplied: () => void;
}) {
  const { labels, notify, report, lang } = useScreenServices();
  const books = useOwnBooks(book, report);
  const [source, setSource] = useState(book.bookId);
  const [blocks, setBlocks] = useState<(Listed | { key: string; block: undefined; updatedAt: string })[] | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  const reload = useCallback(
    (bookId: string) =>
      call<{ list: SavedContent[] }>("/api/book/get-custom-content", { bookId }).then(
        (reply) =>
          setBlocks(
            reply.list.map((entry) => ({
              key: entry.key,
              block: contentBlockOf(entry.content),
              updatedAt: entry.updatedAt,
            })),
          ),
        (error: unknown) => {
          setBlocks([]);
          report(error);
        },
      ),
    [report],
  );
  useEffect(() => void reload(source), [reload, source]);

  const save = async () => {
    const key = name.trim();
    // The server's rule, said before anything is sent (the server says it again to any other client).
    if (!contentKeyPattern.test(key)) return notify(labels.customContentNameRule, "error");
    if (source === book.bookId && blocks?.some((entry) => entry.key === key)) {
      if (!window.confirm(labels.customContentReplace.replace("{name}", key))) return;
    }
    try {
      await call("/api/book/save-custom-content", {
        bookId: book.bookId,
        key,
        content: contentJson(catalog, bookmarks),
      });
      setName("");
      notify(labels.customContentSaved);
      setSource(book.bookId);
      await reload(book.bookId);
    } catch (error) {
      report(error);
    }
  };

  const apply = async (entry: Listed) => {
    if (!window.confirm(labels.customContentApplyConfirm.replace("{name}", entry.key))) return;
    setBusy(true);
    try {
      // A block replaces the contents whole: no revision is sent (the owner chose to overwrite what is there).
      await call("/api/book/save-book-catalog", {
        bookId: book.bookId,
        teamId,
        catalog: JSON.stringify(entry.block.catalog),
      });
      await call("/api/book/save-book-bookmark", {
        bookId: book.bookId,
        teamId,
        bookmarks: JSON.stringify(entry.block.bookmarks),
      });
      notify(labels.customContentApplied);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
      // What the server stored now (all of the block, part of it or nothing) is loaded and previewed again.
      onApplied();
    }
  };

  const remove = async (key: string) => {
    if (!window.confirm(labels.customContentDeleteConfirm.replace("{name}", key))) return;
    try {
      await call("/api/book/delete-custom-content", { bookId: source, key });
      notify(labels.customContentDeleted);
      await reload(source);
    } catch (error) {
      report(error);
    }
  };

  return (
    <section className="panel-section" aria-label={labels.customContent}>
      <h2 className="panel-title">{labels.customContent}</h2>
      <p className="note">{labels.customContentHint}</p>
      <SourceBook books={books} chosen={source} onChoose={setSource} />
      <SavedEntryList
        entries={blocks}
        testId="custom-contents"
        keyName="key"
        labels={labels}
        loadingText={labels.loading}
        emptyText={labels.customContentEmpty}
        row={(entry) => ({
          key: entry.key,
          applyDisabled: busy || !entry.block,
          onApply: () => entry.block && void apply(entry as Listed),
          onDelete: () => void remove(entry.key),
          text: (
            <>
              <strong>{entry.key}</strong> ·{" "}
              {entry.block
                ? `${entryCount(entry.block.catalog)} ${labels.customTocEntries} · ${entry.block.bookmarks.length} ${labels.customBookmarkTabs}`
                : labels.customContentOther}{" "}
              · {savedAt(entry.updatedAt, lang)}
            </>
          ),
        })}
      />
      <SaveUnderName
        texts={{ label: labels.customContentName, save: labels.customContentSave }}
        name={[name, setName]}
        maxLength={customNameMax}
        onSave={() => void save()}
      />
    </section>
  );
}
