import { useState } from "react";
import { type BookInfo, bookStatusOf, call, type DownloadConfig } from "./api.js";
import { uploadFile } from "./FileSetting.js";
import { checkAttachment } from "./file-limits.js";
import type { Labels } from "./labels.js";
import type { Query } from "./route.js";
import type { Navigate, Notify, Report } from "./types.js";

/**
 * The config tab: the download settings panel (spec 000 §3 downloadconfig; attachments ≤ 100 MB, no exe) saved
 * with update-book, and the replace-book section (the book's status; new content through /convert).
 */
export function ConfigPanel({
  book,
  labels,
  query,
  notify,
  report,
  navigate,
  onSaved,
}: {
  book: BookInfo;
  labels: Labels;
  query: Query;
  notify: Notify;
  report: Report;
  navigate: Navigate;
  onSaved: (saved: Partial<BookInfo>) => void;
}) {
  const [isDownload, setIsDownload] = useState(book.isDownload === "1");
  const [config, setConfig] = useState<DownloadConfig>(book.downloadconfig ?? {});
  const [busy, setBusy] = useState(false);

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
      const saved = await call<BookInfo>("/api/book/update-book", {
        bookId: book.bookId,
        isDownload: isDownload ? "1" : "0",
        downloadconfig: JSON.stringify(config),
      });
      setConfig(saved.downloadconfig ?? {});
      onSaved({ isDownload: saved.isDownload, downloadconfig: saved.downloadconfig });
      notify(labels.downloadSaved);
    } catch (error) {
      report(error);
    } finally {
      setBusy(false);
    }
  };

  const check = (label: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <label className="check">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
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
        {check(labels.downloadProject, isDownload && config.isDownloadProject !== false, (on) => {
          setIsDownload(on || Boolean(config.pdf?.isOriginPath));
          setConfig({ ...config, isDownloadProject: on });
        })}
        {check(labels.downloadOriginal, Boolean(config.pdf?.isOriginPath), (on) => {
          if (on) setIsDownload(true);
          setConfig({ ...config, pdf: { ...config.pdf, isOriginPath: on } });
        })}
        {check(labels.hideSinglePage, Boolean(config.hideDownloadSinglePage), (on) =>
          setConfig({ ...config, hideDownloadSinglePage: on }),
        )}
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
        <table className="batch">
          <tbody>
            <tr data-status={status}>
              <td>{book.title}</td>
              <td>{book.number}</td>
              <td className={`status-${status}`}>{statusText[status]}</td>
            </tr>
          </tbody>
        </table>
        <div className="actions">
          <button
            type="button"
            disabled={status === "processing"}
            onClick={() =>
              navigate("/convert", {
                ...(query.tid !== "0" ? { tid: query.tid } : {}),
                ...(query.fid !== "0" ? { fid: query.fid } : {}),
                num: book.number,
              })
            }
          >
            {labels.replaceBook}
          </button>
        </div>
      </section>
    </div>
  );
}
