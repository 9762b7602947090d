import { RetryingImage } from "../common/RetryingImage.js";
import { useScreenServices } from "../screen-services.js";
import { actionsOf, type BookRow, dateOf, fill, shownStatus, statusLabelKeys } from "./model.js";

export interface RowActions {
  edit: (row: BookRow) => void;
  share: (row: BookRow) => void;
  toggle: (row: BookRow, to: "enabled" | "disabled") => void;
  replace: (row: BookRow) => void;
  remove: (row: BookRow) => void;
}

/** One book or publication of the bookcase: cover, title, type, status (with conversion progress), pages, date. */
export function BookcaseRow({
  row,
  pages,
  busy,
  actions,
}: {
  row: BookRow;
  /** Pages converted so far, while the book converts. */
  pages: { done: number; total: number } | undefined;
  busy: boolean;
  actions: RowActions;
}) {
  const { labels, lang } = useScreenServices();
  const status = shownStatus[row.status];
  const can = actionsOf(row);
  return (
    <tr data-testid="bookcase-row" data-number={row.number} data-status={status} data-type={row.folderType}>
      <td className="bookcase-cover">
        {row.cover ? (
          <RetryingImage src={row.cover} alt={`${labels.bookcaseCover}: ${row.title}`} loading="lazy" />
        ) : (
          <span className="bookcase-no-cover">{labels.bookcaseNoCover}</span>
        )}
      </td>
      <td>
        <div className="bookcase-title">
          <strong>{row.title}</strong>
          {row.locked ? (
            <span
              className="bookcase-locked"
              role="img"
              aria-label={labels.bookcaseLocked}
              title={labels.bookcaseLocked}
            >
              🔒
            </span>
          ) : null}
          <span className="note">{row.number}</span>
        </div>
      </td>
      <td>{row.folderType === 2 ? labels.folderPublication : labels.folderBook}</td>
      <td>
        <span className={`bookcase-status status-${status}`} data-testid="bookcase-status">
          {labels[statusLabelKeys[status]]}
        </span>
        {status === "processing" ? (
          <span className="note bookcase-progress" data-testid="bookcase-progress">
            {/* Until the conversion knows the page count (queued, or not yet reported) there is no n/total to show. */}
            {pages?.total
              ? fill(labels.bookcaseConverting, { done: pages.done, total: pages.total })
              : labels.bookcaseQueued}
          </span>
        ) : null}
        {status === "error" ? (
          <span className="note bookcase-error-reason" data-testid="bookcase-error-reason">
            {row.errorReason ? `${row.errorReason} · ` : ""}
            {labels.bookcaseErrorHint}
          </span>
        ) : null}
      </td>
      <td>{row.pageCount > 0 ? row.pageCount : "–"}</td>
      <td>{dateOf(row.updatedAt, lang)}</td>
      <td>
        <div className="bookcase-actions">
          <button type="button" className="primary" disabled={!can.edit} onClick={() => actions.edit(row)}>
            {labels.bookcaseEdit}
          </button>
          {can.read ? (
            <a className="button" href={row.link} target="_blank" rel="noreferrer">
              {labels.readBook}
            </a>
          ) : (
            <button type="button" disabled>
              {labels.readBook}
            </button>
          )}
          <button type="button" disabled={!can.share} onClick={() => actions.share(row)}>
            {labels.share}
          </button>
          {can.toggle ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => actions.toggle(row, can.toggle === "enable" ? "enabled" : "disabled")}
            >
              {can.toggle === "enable" ? labels.enableBook : labels.disableBook}
            </button>
          ) : null}
          <button type="button" disabled={busy} onClick={() => actions.replace(row)}>
            {labels.replaceBook}
          </button>
          <button type="button" className="danger" disabled={busy} onClick={() => actions.remove(row)}>
            {labels.delete}
          </button>
        </div>
      </td>
    </tr>
  );
}
