import { useRef } from "react";
import { useScreenServices } from "../screen-services.js";
import { isReordered, naturalOrder } from "./page-order.js";
import "./pages.css";
import { PageInsertFields } from "./PageInsertFields.js";
import { PageList } from "./PageList.js";
import { type PageEditsContext, usePageEdits } from "./use-page-edits.js";
import { usePagesState } from "./use-pages-state.js";

/**
 * The pages panel (spec 001 'add-new-page dialog with an insert position'; delete and reorder): every edit becomes a
 * new revision on the server (services/gateway/rest/pages.md), shown here while it converts; when it is ready the
 * editor reloads the book, whose TOC, bookmarks and multimedia followed their pages.
 */
export function PagesPanel({
  bookId,
  teamId = "0",
  onEdited,
  messages,
}: Omit<PageEditsContext, "teamId" | "labels" | "notify" | "report"> & { teamId?: string }) {
  const { labels, notify, report } = useScreenServices();
  const view = usePagesState(bookId, teamId, report);
  const fileInput = useRef<HTMLInputElement>(null);
  const edits = usePageEdits({ bookId, teamId, view, fileInput, labels, notify, report, onEdited, messages });
  const { state, order, setOrder } = view;
  const { busy, progress } = edits;

  if (!state) return <p className="loading">{labels.loading}</p>;

  return (
    <section className="pages-panel" data-testid="pages-panel" data-revision={state.revision}>
      <p className="note">{labels.pagesHint}</p>
      <PageInsertFields
        busy={busy}
        pageCount={state.pageCount}
        position={view.position}
        fileInput={fileInput}
        onFiles={edits.setFiles}
        onPosition={view.setPosition}
        onInsert={() => void edits.insert()}
      />
      {progress || state.converting ? (
        <p role="status" className="pages-progress" data-testid="pages-progress">
          {progress || labels.pagesBusy}
        </p>
      ) : null}
      <PageList
        busy={busy}
        order={order}
        chosen={view.chosen}
        thumbOf={(page) => state.pages[page - 1]?.thumb ?? ""}
        onOrder={setOrder}
        onChosen={view.setChosen}
      />
      <div className="pages-actions">
        <button type="button" data-testid="pages-delete" disabled={busy} onClick={() => void edits.remove()}>
          {labels.pagesDelete}
        </button>
        <button
          type="button"
          data-testid="pages-save-order"
          disabled={busy || !isReordered(order)}
          onClick={() => void edits.saveOrder()}
        >
          {labels.pagesSaveOrder}
        </button>
        <button
          type="button"
          disabled={busy || !isReordered(order)}
          onClick={() => setOrder(naturalOrder(state.pageCount))}
        >
          {labels.pagesResetOrder}
        </button>
      </div>
    </section>
  );
}
