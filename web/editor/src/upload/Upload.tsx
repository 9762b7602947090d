import { useRef, useState } from "react";
import { BuyOffer } from "../account/BuyOffer.js";
import { useScreenServices } from "../screen-services.js";
import { ShareDialog } from "../share/ShareDialog.js";
import { UploadForm } from "./UploadForm.js";
import { UploadProgress } from "./UploadProgress.js";
import { teamAndFolder } from "./upload-checks.js";
import { useUploadForm } from "./use-upload-form.js";
import { type UploadContext, useUploadTask } from "./use-upload-task.js";

/**
 * The upload screen (spec 000 §2 /upload, and /convert 'book creation'): a title and a PDF or images, an
 * optional book to overwrite and the conversion settings; the bytes go up in chunks at the server's offset,
 * then the conversion's pages come from the Connect stream until the book is ready. /convert with a book number
 * also converts that book again.
 */
export function Upload({
  mode,
  query,
  bookId,
}: Pick<UploadContext, "query" | "bookId"> & { mode: "upload" | "convert" }) {
  const services = useScreenServices();
  const { labels, navigate } = services;
  const context: UploadContext = { ...services, query, bookId };
  const form = useUploadForm(mode, bookId, query);
  const upload = useUploadTask({ ...context, form });
  const { book } = upload;
  const [sharing, setSharing] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const another = () => {
    form.clear();
    upload.reset();
    formRef.current?.reset();
  };

  return (
    <main className="upload">
      <div className="upload-head">
        <h1>{mode === "convert" ? labels.titleConvert : labels.titleUpload}</h1>
        {mode === "upload" ? (
          <button type="button" className="link-button" onClick={() => navigate("/batch-upload", teamAndFolder(query))}>
            {labels.batchUpload}
          </button>
        ) : null}
      </div>
      <UploadForm
        mode={mode}
        form={form}
        phase={upload.phase}
        canReconvert={mode === "convert" && bookId !== ""}
        formRef={formRef}
        onStart={() => void upload.start()}
        onPause={() => void upload.pause()}
        onResume={() => void upload.resume()}
        onReconvert={() => void upload.reconvert()}
      />
      <UploadProgress
        phase={upload.phase}
        bytes={upload.bytes}
        pages={upload.pages}
        messages={upload.messages}
        onOpen={book ? () => navigate("/editor", { ...teamAndFolder(query), num: book.number }) : undefined}
        readLink={book ? `/b/${encodeURIComponent(book.number)}` : undefined}
        onShare={book ? () => setSharing(true) : undefined}
        onAnother={another}
        searchPreparing={upload.search === "preparing"}
      />
      {upload.unpaid ? <BuyOffer /> : null}
      {sharing && book ? (
        <ShareDialog
          bookId={book.bookId}
          number={book.number}
          enabled
          onClose={() => setSharing(false)}
          onManage={() => navigate("/bookcase", teamAndFolder(query))}
        />
      ) : null}
    </main>
  );
}
