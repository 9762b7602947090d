import { useEffect, useRef, useState } from "react";
import { type BookInfo, bookStatusOf, call, callOptional, type DownloadConfig, replaceStatusOf } from "../api.js";
import { Check } from "../common/Check.js";
import { Dialog } from "../common/Dialog.js";
import { useUnsavedMark } from "../common/unsaved-guard.js";
import { saveAtRevision } from "../revision-save.js";
import type { Query } from "../route.js";
import { useScreenServices } from "../screen-services.js";
import { uploadFile } from "../settings/FileSetting.js";
import { checkAttachment } from "../settings/file-limits.js";

/**
 * The config tab: the download settings panel (spec 000 §3 downloadconfig; attachments ≤ 100 MB, no exe) saved
 * with update-book, and the replace-book section (the book's status; new content through /convert).
 */
export function ConfigPanel({
  book,
  query,
  onSaved,
}: {
  book: BookInfo;
  query: Query;
  onSaved: (saved: Partial<BookInfo>) => void;
}) {
  const { labels, notify, report, navigate } = useScreenServices();
  const [isDownload, setIsDownloadState] = useState(book.isDownload === "1");
  const [config, setConfigState] = useState<DownloadConfig>(book.downloadconfig ?? {});
  /** Changes of the owner's not saved yet: until then the panel follows what the server stored. */
  const [edited, setEdited] = useState(false);
  const [busy, setBusy] = useState(false);
  useUnsavedMark(edited);
  const setIsDownload = (on: boolean) => {
    setEdited(true);
    setIsDownloadState(on);
  };
  const setConfig = (next: DownloadConfig) => {
    setEdited(true);
    setConfigState(next);
  };

  /** What the owner's edit started from, and the settings revision it was read at (sent with the save). */
  const edits = useRef({ base: { isDownload, config }, revision: book.settingsRevision });

  // Spec 000 §4: turning DownloadButtonVisible on makes the server create the default download config while this
  // panel opens; the panel shows what the server stored (and saves that), never the state it was built from.
  useEffect(() => {
    if (edited) return;
    const stored = book.downloadconfig ?? {};
    const on = book.isDownload === "1" || Boolean(stored.isDownloadProject || stored.pdf?.isOriginPath);
    setIsDownloadState(on);
    setConfigState(stored);
    // The base is what the server stored: the flag the panel derives from the stored config is a change to save.
    edits.current = { base: { isDownload: book.isDownload === "1", config: stored }, revision: book.settingsRevision };
  }, [book.isDownload, book.downloadconfig, book.settingsRevision, edited]);
  const [replacing, setReplacing] = useState(false);

  const attach = async (file: File) => {
    const refused = checkAttachment(file);
    if (refused) return notify(refused.reason === "exe" ? labels.attachmentExe : labels.attachmentTooLarge, "error");
    setBusy(true);
    try {
      const url = await uploadFile(file, file.name);
      if (url === undefined) notify(labels.uploadUnavailable, "error");
      else
        setConfig({
          ...config,
          isDownloadAttach: true,
          attachments: [...(config.attachments ?? []), { name: file.name, url, size: file.size }],
        });
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    setBusy(true);
    try {
      // Saved at the revision edited: a save from elsewhere since is reloaded and this change applied on top of it.
      const { reply: saved } = await saveAtRevision({
        base: edits.current.base,
        mine: { isDownload, config },
        revision: edits.current.revision,
        send: (value, revision) =>
          call<BookInfo>("/api/book/update-book", {
            bookId: book.bookId,
            teamId: query.tid,
            isDownload: value.isDownload ? "1" : "0",
            downloadconfig: JSON.stringify(value.config),
            settingsRevision: revision,
          }),
        reload: async () => {
          const stored = await call<BookInfo>("/api/book/get-book", { bookId: book.bookId });
          return {
            value: { isDownload: stored.isDownload === "1", config: stored.downloadconfig ?? {} },
            revision: stored.settingsRevision ?? 0,
          };
        },
      });
      edits.current = {
        base: { isDownload: saved.isDownload === "1", config: saved.downloadconfig ?? {} },
        revision: saved.settingsRevision,
      };
      setConfigState(saved.downloadconfig ?? {});
      setIsDownloadState(saved.isDownload === "1");
      setEdited(false);
      onSaved({
        isDownload: saved.isDownload,
        downloadconfig: saved.downloadconfig,
        settingsRevision: saved.settingsRevision,
      });
      notify(labels.downloadSaved);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const status = bookStatusOf(book.bStatus);
  const statusText = {
    normal: labels.statusNormal,
    disabled: labels.statusDisabled,
    processing: labels.statusProcessing,
    error: labels.statusError,
  };

  return (
    <div className="panel">
      <section aria-label={labels.downloadSettings} className="download-settings">
        <h2 className="panel-title">{labels.downloadSettings}</h2>
        <Check
          label={labels.downloadProject}
          checked={isDownload && Boolean(config.isDownloadProject)}
          onChange={(on) => {
            setIsDownload(on || Boolean(config.pdf?.isOriginPath));
            setConfig({ ...config, isDownloadProject: on });
          }}
        />
        <Check
          label={labels.downloadOriginal}
          checked={Boolean(config.pdf?.isOriginPath)}
          onChange={(on) => {
            setIsDownload(on || Boolean(config.isDownloadProject));
            setConfig({ ...config, pdf: { ...config.pdf, isOriginPath: on } });
          }}
        />
        <Check
          label={labels.hideSinglePage}
          checked={Boolean(config.hideDownloadSinglePage)}
          onChange={(on) => setConfig({ ...config, hideDownloadSinglePage: on })}
        />
        <h3>{labels.downloadAttachments}</h3>
        <ul className="attachments">
          {(config.attachments ?? []).map((attachment, index) => (
            <li key={attachment.url}>
              <span>{attachment.name}</span>
              <button
                type="button"
                className="icon"
                aria-label={`${labels.delete} ${attachment.name}`}
                onClick={() =>
                  setConfig({ ...config, attachments: (config.attachments ?? []).filter((_, at) => at !== index) })
                }
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <label className="button file-button">
          {labels.chooseFile}
          <input
            type="file"
            hidden
            aria-label={labels.downloadAttachments}
            disabled={busy}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = "";
              if (chosen) void attach(chosen);
            }}
          />
        </label>
        <div className="actions">
          <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
            {labels.save}
          </button>
        </div>
      </section>
      <section aria-label={labels.replaceBook} className="replace-book" data-guide="settings">
        <h2 className="panel-title">{labels.replaceBook}</h2>
        <p className="note">{labels.replaceHint}</p>
        <p>
          {book.title} · <span className={`status-${status}`}>{statusText[status]}</span>
        </p>
        <div className="actions">
          <button type="button" onClick={() => setReplacing(true)}>
            {labels.replaceBook}
          </button>
        </div>
      </section>
      {replacing ? (
        <ReplaceDialog
          current={book}
          statusText={statusText}
          onClose={() => setReplacing(false)}
          onChoose={(number) =>
            navigate("/convert", {
              ...(query.tid !== "0" ? { tid: query.tid } : {}),
              ...(query.fid !== "0" ? { fid: query.fid } : {}),
              num: number,
            })
          }
        />
      ) : null}
    </div>
  );
}

interface BookRow {
  bookId: string;
  number: string;
  title: string;
  status: string;
}

/**
 * The replace-book dialog (spec 000 §2): the owner's books (get-book-list) with their statuses normal, disabled,
 * processing, error; choosing one opens its book creation screen, where new content overwrites it.
 */
function ReplaceDialog({
  current,
  statusText,
  onClose,
  onChoose,
}: {
  current: BookInfo;
  statusText: Record<"normal" | "disabled" | "processing" | "error", string>;
  onClose: () => void;
  onChoose: (number: string) => void;
}) {
  const { labels, report } = useScreenServices();
  const [rows, setRows] = useState<BookRow[] | null>(null);
  useEffect(() => {
    callOptional<{ list: BookRow[] }>("/api/book/get-book-list", { pageSize: "50" }).then(
      (reply) =>
        setRows(
          reply?.list ?? [{ bookId: current.bookId, number: current.number, title: current.title, status: "enabled" }],
        ),
      (error: unknown) => {
        setRows([]);
        report(error);
      },
    );
  }, [current, report]);
  return (
    <Dialog title={labels.replaceBook} close={{ label: labels.close, onClose }}>
      {rows === null ? <p className="loading">{labels.loading}</p> : null}
      <table className="batch">
        <tbody>
          {(rows ?? []).map((row) => {
            const status = replaceStatusOf(row.status);
            return (
              <tr key={row.bookId} data-testid="replace-row" data-status={status}>
                <td>{row.title}</td>
                <td>{row.number}</td>
                <td className={`status-${status}`}>{statusText[status]}</td>
                <td>
                  <button type="button" disabled={status === "processing"} onClick={() => onChoose(row.number)}>
                    {labels.replaceBook}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Dialog>
  );
}
