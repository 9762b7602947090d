import { useState } from "react";
import { bookFieldKey } from "../basic/basic-info.js";
import { useOwnBook } from "../custom/useOwnBook.js";
import { useDesignResources } from "../design/useDesignResources.js";
import { useOwnBrands } from "../design/useOwnBrands.js";
import { Guide } from "../guide/Guide.js";
import { useCloseFrameOnEscape, useGuide } from "../guide/useGuide.js";
import { MediaEditor } from "../media/MediaEditor.js";
import { usePageModeGuard } from "../page-audio/usePageModeGuard.js";
import { PublishDialog } from "../publish/PublishDialog.js";
import type { Query } from "../route.js";
import { useScreenServices } from "../screen-services.js";
import { PlanLocksContext } from "../settings/plan-locks.js";
import { ShareDialog } from "../share/ShareDialog.js";
import type { Ready } from "../types.js";
import { EditorRail } from "./EditorRail.js";
import { EditorTabPanel, type EditorTabState } from "./EditorTabPanel.js";
import { PreviewBar } from "./PreviewBar.js";
import { PreviewPane } from "./PreviewPane.js";
import { type EditingContext, useBookDocument } from "./useBookDocument.js";
import { useBookEdits } from "./useBookEdits.js";
import { useBookSave } from "./useBookSave.js";
import { useEditLock } from "./useEditLock.js";
import { useEditorTabs } from "./useEditorTabs.js";
import { useEditorWindowApi } from "./useEditorWindowApi.js";
import { useMessageCatalogue } from "./useMessageCatalogue.js";
import { usePlanLocks } from "./usePlanLocks.js";
import { usePreviewChannel } from "./usePreviewChannel.js";
import { usePreviewDevice } from "./usePreviewDevice.js";
import { useUnsavedLeaveGuard } from "./useUnsavedLeaveGuard.js";

/** The editor screen (spec 000 §2 /editor): left rail, preview pane, save state, undo/redo and sharing. */
export function Editor({ ready, query }: { ready: Ready; query: Query }) {
  const { labels, report, navigate } = useScreenServices();
  const bookId = ready.config.bookId;
  const { tab, setTab, chooseTab, designTab, setDesignTab, openGuideTab } = useEditorTabs();
  const [sharing, setSharing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const guide = useGuide();
  const design = useDesignResources();
  const brands = useOwnBrands(report);
  const { lock, readOnly, takeBack } = useEditLock(bookId);
  const bookDocument = useBookDocument(bookId, report);
  const { book, catalogue, doc } = bookDocument;
  const ownBook = useOwnBook(bookId, book);
  const messages = useMessageCatalogue(query.lang);
  const preview = usePreviewChannel(bookDocument.docRef, brands);
  const editing: EditingContext = { bookDocument };
  const { flow, save, failedPreset } = useBookSave({
    ...editing,
    post: preview.post,
    messages,
    bookId,
    teamId: query.tid,
    customPower: ready.customPower,
  });
  const edits = useBookEdits({ ...editing, flow, failedPreset, readOnly, onDownloadShown: () => setTab("config") });
  const { changeMany } = edits;
  // Switching the page display mode clears all page audio after a confirmation (spec 001 §4).
  const change = usePageModeGuard(edits.change, bookId);

  const locks = usePlanLocks(ready.customPower, messages, report);
  useUnsavedLeaveGuard();

  const previewDevice = usePreviewDevice(book);
  useCloseFrameOnEscape();
  useEditorWindowApi(edits, previewDevice.switchDevice);

  if (bookDocument.loadError) return <p className="loading error-text">{bookDocument.loadError}</p>;
  if (!book || !catalogue) return <p className="loading">{labels.loading}</p>;

  const title = String(doc[bookFieldKey("title")] ?? book.title);
  const tabState: EditorTabState = {
    ready,
    query,
    book,
    ownBook,
    catalogue,
    bookDocument,
    design,
    brands,
    edits,
    change,
    preview,
    readOnly,
    messages,
  };

  return (
    <PlanLocksContext.Provider value={locks}>
      <main className="editor">
        {/* Shown on phone-width screens only (styles.css): what works there, and where full editing is easier. */}
        <p className="narrow-notice" role="note" data-testid="narrow-notice">
          {labels.narrowEditor}{" "}
          <a href={`/b/${encodeURIComponent(book.number)}`} target="_blank" rel="noreferrer">
            {labels.readBook}
          </a>{" "}
          <button type="button" className="link-button" onClick={() => setSharing(true)}>
            {labels.share}
          </button>
        </p>
        <EditorRail
          title={title}
          number={book.number}
          tab={tab}
          onTab={chooseTab}
          onGuide={guide.open}
          lock={lock}
          readOnly={readOnly}
          onTakeBack={() => {
            // The other tab may have saved meanwhile: edit here from the server's book, not this tab's old copy.
            takeBack();
            bookDocument.reload();
            preview.reload();
          }}
        >
          <EditorTabPanel tab={tab} designTab={designTab} onDesignTab={setDesignTab} state={tabState} />
        </EditorRail>
        <PreviewPane
          bar={
            <PreviewBar
              view={query.view}
              previewDevice={previewDevice}
              readOnly={readOnly}
              history={{ steps: bookDocument.steps, step: edits.step }}
              save={save}
              number={book.number}
              onShare={() => setSharing(true)}
              onPublish={() => setPublishing(true)}
            />
          }
          previewDevice={previewDevice}
          mediaEditor={
            tab === "media" ? (
              <MediaEditor
                number={book.number}
                doc={doc}
                readOnly={readOnly}
                onChange={changeMany}
                onPreview={preview.post}
              />
            ) : null
          }
          preview={preview}
          number={book.number}
        />
        {sharing ? (
          <ShareDialog
            bookId={book.bookId}
            number={book.number}
            enabled={(book.bStatus ?? 1) === 1}
            onClose={() => setSharing(false)}
            onManage={() => navigate("/bookcase")}
          />
        ) : null}
        {publishing ? <PublishDialog bookId={book.bookId} title={title} onClose={() => setPublishing(false)} /> : null}
        {guide.guiding ? <Guide onClose={guide.close} onStep={openGuideTab} /> : null}
      </main>
    </PlanLocksContext.Provider>
  );
}
