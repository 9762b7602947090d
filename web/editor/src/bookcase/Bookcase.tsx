import { useCallback, useEffect, useMemo, useState } from "react";
import { AccountBar } from "../account/AccountBar.js";
import type { Query } from "../route.js";
import { useScreenServices } from "../screen-services.js";
import { ShareDialog } from "../share/ShareDialog.js";
import { deleteBook, listBooks, setBookStatus } from "./api.js";
import { BookcaseRow, type RowActions } from "./BookcaseRow.js";
import { DeleteConfirm } from "./DeleteConfirm.js";
import {
  afterRemoval,
  type BookcaseView,
  type BookList,
  type BookRow,
  type FolderFilter,
  fill,
  onlineStatuses,
  pageCountOf,
  queryOfView,
  refine,
  shownStatus,
  statusLabelKeys,
  viewOf,
} from "./model.js";
import { useConversionProgress } from "./useProgress.js";
import "./bookcase.css";
import { Segmented } from "../common/Segmented.js";
import { Table } from "../common/Table.js";

/**
 * The bookcase (/book_edit2/bookcase): the owner's books and publications, one page at a time, searched and
 * filtered by the server; from each row the editor, the share dialog, enabling or disabling, replacing the content
 * (/convert, the overwrite upload) and deleting (confirmed). Where a login lands, linked from every screen's header.
 */
export default function Bookcase({
  search,
  query,
}: {
  /** The page's query string: the view (page, status, type, keyword) lives there. */
  search: string;
  query: Query;
}) {
  const { labels, notify, report, navigate } = useScreenServices();
  const view = viewOf(search);
  const viewKey = JSON.stringify(view);
  const [books, setBooks] = useState<{ key: string; list: BookList } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [keyword, setKeyword] = useState(view.keyword);
  const [busy, setBusy] = useState(false);
  const [sharing, setSharing] = useState<BookRow | null>(null);
  const [removing, setRemoving] = useState<BookRow | null>(null);

  // The team and folder the owner works in go along to the editor and the upload screens.
  const context = useMemo<Record<string, string>>(
    (): Record<string, string> => (query.tid !== "0" || query.fid !== "0" ? { tid: query.tid, fid: query.fid } : {}),
    [query.tid, query.fid],
  );
  const show = useCallback(
    (next: BookcaseView) => navigate("/bookcase", { ...context, ...queryOfView(next) }),
    [navigate, context],
  );

  // Back and forward change the view under the search box: it shows the searched words again.
  useEffect(() => setKeyword(view.keyword), [view.keyword]);
  const reload = useCallback(() => setReloads((count) => count + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: viewKey stands for the view; reloads asks again.
  useEffect(() => {
    let live = true;
    listBooks(view).then(
      (list) => live && setBooks({ key: viewKey, list }),
      (error: unknown) => live && report(error),
    );
    return () => {
      live = false;
    };
  }, [viewKey, reloads, report]);

  const rows = books?.list.list ?? [];
  const pages = useConversionProgress(rows, reload);

  const actions: RowActions = {
    edit: (row) => navigate("/editor", { ...context, num: row.number }),
    share: (row) => setSharing(row),
    replace: (row) => navigate("/convert", { ...context, num: row.number }),
    remove: (row) => setRemoving(row),
    toggle: async (row, to) => {
      setBusy(true);
      try {
        await setBookStatus(row.bookId, to);
        reload();
      } catch (error) {
        report(error);
      } finally {
        setBusy(false);
      }
    },
  };

  const confirmRemoval = async () => {
    const row = removing;
    setRemoving(null);
    if (!row) return;
    setBusy(true);
    try {
      await deleteBook(row.bookId);
      notify(labels.bookcaseDeleted);
      const total = Math.max(0, (books?.list.total ?? 1) - 1);
      const next = afterRemoval(view, total);
      if (next.page !== view.page) show(next);
      else reload();
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const total = books?.list.total ?? 0;
  const lastPage = pageCountOf(total);
  const filtered = view.status !== "" || view.type !== 0 || view.keyword !== "";
  const typeTabs: [FolderFilter, string][] = [
    [0, labels.bookcaseAllTypes],
    [1, labels.bookcaseBooks],
    [2, labels.bookcasePublications],
  ];

  return (
    <main className="bookcase">
      <div className="bookcase-head">
        <h1>{labels.titleBookcase}</h1>
        <button type="button" className="primary" onClick={() => navigate("/upload", context)}>
          {labels.bookcaseUpload}
        </button>
      </div>
      <AccountBar />
      <div className="bookcase-toolbar">
        <Segmented
          label={labels.bookcaseType}
          options={typeTabs}
          chosen={view.type}
          onChoose={(type) => show(refine(view, { type }))}
          className="bookcase-types"
          chosenClass="selected"
        />
        <label className="bookcase-filter">
          <span>{labels.bookcaseStatus}</span>
          <select
            value={view.status}
            onChange={(event) => show(refine(view, { status: event.target.value as BookcaseView["status"] }))}
          >
            <option value="">{labels.bookcaseAllStatuses}</option>
            {onlineStatuses.map((status) => (
              <option key={status} value={status}>
                {labels[statusLabelKeys[shownStatus[status]]]}
              </option>
            ))}
          </select>
        </label>
        <form
          className="bookcase-search"
          onSubmit={(event) => {
            event.preventDefault();
            // The same search again asks the server again (new uploads, statuses changed): the view alone would not.
            const next = refine(view, { keyword });
            if (JSON.stringify(next) === viewKey) reload();
            else show(next);
          }}
        >
          <input
            type="search"
            aria-label={labels.bookcaseSearch}
            placeholder={labels.bookcaseSearch}
            value={keyword}
            maxLength={100}
            onChange={(event) => setKeyword(event.target.value)}
          />
          <button type="submit">{labels.bookcaseSearchButton}</button>
        </form>
      </div>
      {!books || books.key !== viewKey ? (
        <p className="loading">{labels.loading}</p>
      ) : rows.length === 0 ? (
        <p className="bookcase-empty" data-testid="bookcase-empty">
          {filtered ? labels.bookcaseNoMatch : labels.bookcaseEmpty}
        </p>
      ) : (
        <Table
          className="bookcase-table"
          headings={[
            labels.bookcaseCover,
            labels.bookTitle,
            labels.bookcaseType,
            labels.bookcaseStatus,
            labels.pages,
            labels.bookcaseDate,
            labels.bookcaseActions,
          ]}
        >
          {rows.map((row) => (
            <BookcaseRow key={row.bookId} row={row} pages={pages[row.bookId]} busy={busy} actions={actions} />
          ))}
        </Table>
      )}
      <nav className="bookcase-pager" aria-label={labels.bookcase}>
        <button type="button" disabled={view.page <= 1} onClick={() => show({ ...view, page: view.page - 1 })}>
          {labels.bookcasePrevious}
        </button>
        <span data-testid="bookcase-page">
          {fill(labels.bookcasePageOf, { page: Math.min(view.page, lastPage), pages: lastPage, total })}
        </span>
        <button type="button" disabled={view.page >= lastPage} onClick={() => show({ ...view, page: view.page + 1 })}>
          {labels.bookcaseNext}
        </button>
      </nav>
      {sharing ? (
        <ShareDialog
          bookId={sharing.bookId}
          number={sharing.number}
          enabled={sharing.status === "enabled"}
          onClose={() => {
            setSharing(null);
            reload();
          }}
        />
      ) : null}
      {removing ? (
        <DeleteConfirm
          title={removing.title}
          onConfirm={() => void confirmRemoval()}
          onCancel={() => setRemoving(null)}
        />
      ) : null}
    </main>
  );
}
