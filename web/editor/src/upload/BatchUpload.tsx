import { useRef, useState } from "react";
import { BuyOffer } from "../account/BuyOffer.js";
import { FolderTypeChoice } from "../bookcase/FolderTypeChoice.js";
import type { FolderType } from "../bookcase/model.js";
import { Table } from "../common/Table.js";
import type { Query } from "../route.js";
import { useScreenServices } from "../screen-services.js";
import { watchConversion } from "./conversion-watch.js";
import { FileDropzone } from "./FileDropzone.js";
import {
  beginUpload,
  cancelUpload,
  endUpload,
  filesField,
  isUnpaidWarning,
  sendFiles,
  titleOfFile,
} from "./upload-engine.js";

type Status = "waiting" | "uploading" | "converting" | "ready" | "failed";

interface Row {
  file: File;
  title: string;
  status: Status;
  bytes: number;
  pages: { done: number; total: number };
  message: string;
  number: string;
}

/**
 * The batch upload screen (spec 000 §2 /batch-upload): several files, each its own book titled by its file name,
 * uploaded one after another with per-file progress (bytes, then conversion pages) and status.
 */
export function BatchUpload({ query }: { query: Query }) {
  const { labels, notify, report, navigate } = useScreenServices();
  const [rows, setRows] = useState<Row[]>([]);
  const [running, setRunning] = useState(false);
  const [folderType, setFolderType] = useState<FolderType>(1);
  // An unpaid upload was warned of: the screen offers to buy points or VIP.
  const [unpaid, setUnpaid] = useState(false);
  const rowsRef = useRef<Row[]>([]);

  const update = (index: number, change: Partial<Row>) => {
    rowsRef.current = rowsRef.current.map((row, at) => (at === index ? { ...row, ...change } : row));
    setRows(rowsRef.current);
  };

  const choose = (files: File[]) => {
    rowsRef.current = files.map((file) => ({
      file,
      title: titleOfFile(file.name),
      status: "waiting",
      bytes: 0,
      pages: { done: 0, total: 0 },
      message: "",
      number: "",
    }));
    setRows(rowsRef.current);
  };

  const uploadOne = async (index: number, row: Row) => {
    update(index, { status: "uploading" });
    const task = await beginUpload(
      { title: row.title, teamId: query.tid, folderId: query.fid, folderType, files: filesField([row.file]) },
      (text) => window.confirm(`${row.file.name}: ${text}`),
    );
    if (isUnpaidWarning(task.message)) setUnpaid(true);
    if (isUnpaidWarning(task.message) && !window.confirm(`${task.message}\n${labels.unpaidConfirm}`)) {
      await cancelUpload(task);
      update(index, { status: "failed", message: task.message });
      return;
    }
    await sendFiles(
      task,
      [row.file],
      (done) => update(index, { bytes: done }),
      () => false,
    );
    const ended = await endUpload(task, (text) => window.prompt(`${row.file.name}: ${text}`));
    update(index, { status: "converting", number: ended.number, message: ended.message });
    const outcome = await watchConversion(task.taskId, (done, total) => update(index, { pages: { done, total } }));
    update(index, outcome.ready ? { status: "ready" } : { status: "failed", message: outcome.message });
  };

  const start = async () => {
    if (rowsRef.current.length === 0) return notify(labels.noFile, "error");
    setRunning(true);
    for (const [index, row] of rowsRef.current.entries()) {
      if (row.status === "ready") continue;
      try {
        await uploadOne(index, row);
      } catch (error) {
        update(index, { status: "failed", message: error instanceof Error ? error.message : labels.uploadFailed });
        report(error);
      }
    }
    setRunning(false);
  };

  const statusText: Record<Status, string> = {
    waiting: labels.waiting,
    uploading: labels.uploading,
    converting: labels.converting,
    ready: labels.ready,
    failed: labels.failed,
  };
  const percent = (done: number, total: number) => (total > 0 ? Math.round((done / total) * 100) : 0);

  return (
    <main className="upload">
      <div className="upload-head">
        <h1>{labels.batchUpload}</h1>
        <button type="button" className="link-button" onClick={() => navigate("/upload")}>
          {labels.singleUpload}
        </button>
      </div>
      <p className="note">{labels.batchHint}</p>
      <FolderTypeChoice value={folderType} onChange={setFolderType} disabled={running} />
      <FileDropzone disabled={running} onChoose={choose} />
      {rows.length > 0 ? (
        <Table className="batch" headings={[labels.fileName, labels.bytes, labels.pages, labels.fileStatus, ""]}>
          {rows.map((row) => (
            <tr key={row.file.name} data-testid="batch-row" data-status={row.status}>
              <td>{row.file.name}</td>
              <td>
                <div className="bar" role="progressbar" aria-valuenow={percent(row.bytes, row.file.size)}>
                  <div style={{ width: `${percent(row.bytes, row.file.size)}%` }} />
                </div>
              </td>
              <td>
                {row.pages.done} / {row.pages.total || "?"}
              </td>
              <td className={row.status === "failed" ? "error-text" : ""} title={row.message}>
                {statusText[row.status]}
                {row.status === "failed" && row.message ? `: ${row.message}` : ""}
              </td>
              <td>
                {row.status === "ready" ? (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => navigate("/editor", { num: row.number })}
                  >
                    {labels.openEditor}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </Table>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" disabled={running} onClick={() => void start()}>
          {labels.upload}
        </button>
      </div>
      {unpaid ? <BuyOffer /> : null}
    </main>
  );
}
