import { useCallback, useMemo, useState } from "react";
import { AssistantPanel } from "../assistant/Assistant.js";
import { BasicTab } from "../basic/BasicTab.js";
import { bookFieldKey } from "../basic/basic-info.js";
import { BookmarksPanel } from "../bookmarks/BookmarksPanel.js";
import { hasBlockedEdits } from "../common/unsaved-guard.js";
import { ConfigTab } from "../config/ConfigTab.js";
import { ContentsTab } from "../contents/ContentsTab.js";
import { useOwnBook } from "../custom/useOwnBook.js";
import { DesignTab } from "../design/DesignTab.js";
import { useDesignResources } from "../design/useDesignResources.js";
import { useOwnBrands } from "../design/useOwnBrands.js";
import { Guide } from "../guide/Guide.js";
import { type GuideStepId, guideStepTabs } from "../guide/guide.js";
import { useCloseFrameOnEscape, useGuide } from "../guide/useGuide.js";
import type { Labels } from "../labels.js";
import { LanguagePanel } from "../language/LanguagePanel.js";
import { MediaEditor } from "../media/MediaEditor.js";
import { PageAudioEditor } from "../page-audio/PageAudioEditor.js";
import { usePageModeGuard } from "../page-audio/usePageModeGuard.js";
import { PagesPanel } from "../pages/PagesPanel.js";
import { PasswordPanel } from "../password/PasswordPanel.js";
import { PublishDialog } from "../publish/PublishDialog.js";
import type { Query } from "../route.js";
import { lockedKeys, type PlanLocks, PlanLocksContext } from "../settings/plan-locks.js";
import { ShareDialog } from "../share/ShareDialog.js";
import type { Navigate, Notify, Ready, Report } from "../types.js";
import { EditorRail } from "./EditorRail.js";
import { PreviewBar } from "./PreviewBar.js";
import { PreviewPane } from "./PreviewPane.js";
import { gateError, gateRefusal } from "./server-truth.js";
import { type DesignSubTab, designTabs, type Tab } from "./tabs.js";
import { useBookDocument } from "./useBookDocument.js";
import { useBookEdits } from "./useBookEdits.js";
import { useBookSave } from "./useBookSave.js";
import { useEditLock } from "./useEditLock.js";
import { useEditorWindowApi } from "./useEditorWindowApi.js";
import { useMessageCatalogue } from "./useMessageCatalogue.js";
import { usePreviewChannel } from "./usePreviewChannel.js";
import { usePreviewDevice } from "./usePreviewDevice.js";
import { useUnsavedLeaveGuard } from "./useUnsavedLeaveGuard.js";

/** The editor screen (spec 000 §2 /editor): left rail, preview pane, save state, undo/redo and sharing. */
export function Editor({
  ready,
  labels,
  query,
  notify,
  report,
  navigate,
}: {
  ready: Ready;
  labels: Labels;
  query: Query;
  notify: Notify;
  report: Report;
  navigate: Navigate;
}) {
  const bookId = ready.config.bookId;
  const chinese = query.lang === "zh-CN";
  const textLang = chinese ? "zh" : "en";
  const [tab, setTab] = useState<Tab>("design");
  const [designTab, setDesignTab] = useState<DesignSubTab>("setup");
  const [sharing, setSharing] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const guide = useGuide();
  const design = useDesignResources();
  const brands = useOwnBrands(report);
  const { lock, readOnly, takeBack } = useEditLock(bookId);
  const locked = useMemo(() => lockedKeys(ready.customPower), [ready.customPower]);
  const bookDocument = useBookDocument(bookId, report);
  const { book, setBook, catalogue, doc } = bookDocument;
  const ownBook = useOwnBook(bookId, book);
  const messages = useMessageCatalogue(query.lang);
  const preview = usePreviewChannel(bookDocument.docRef, brands);
  const { flow, save, failedPreset } = useBookSave({
    bookDocument,
    post: preview.post,
    messages,
    bookId,
    teamId: query.tid,
    customPower: ready.customPower,
    labels,
    textLang,
    notify,
    report,
  });
  const edits = useBookEdits({
    bookDocument,
    flow,
    failedPreset,
    readOnly,
    labels,
    textLang,
    notify,
    onDownloadShown: () => setTab("config"),
  });
  const { changeMany } = edits;
  // Switching the page display mode clears all page audio after a confirmation (spec 001 §4).
  const change = usePageModeGuard(edits.change, bookId, labels, report);

  /** The guide's step 7 and 13 controls live inside tabs: open them as the step shows. */
  const openGuideTab = useCallback((id: GuideStepId) => {
    const place = guideStepTabs[id];
    if (!place) return;
    setTab(place.tab);
    if (place.designTab) setDesignTab(place.designTab);
  }, []);

  // A locked setting's note explains it with the confirm a refusal opens (the server's own text).
  const locks: PlanLocks = {
    locked,
    explain: (key) => {
      const texts = messages.current;
      const refusal = gateRefusal({ bookConfig: { [key]: true } }, ready.customPower);
      if (refusal && texts) report(gateError(refusal, texts));
    },
  };

  /** A tab switch, asking first when it would lose an edit that cannot save itself (unsaved-guard.ts). */
  const chooseTab = (next: Tab) => {
    if (next !== tab && hasBlockedEdits() && !window.confirm(labels.unsavedLeave)) return;
    setTab(next);
  };
  useUnsavedLeaveGuard();

  const { device, hint, switchDevice } = usePreviewDevice(book);
  useCloseFrameOnEscape();
  useEditorWindowApi(edits, switchDevice);

  if (bookDocument.loadError) return <p className="loading error-text">{bookDocument.loadError}</p>;
  if (!book || !catalogue) return <p className="loading">{labels.loading}</p>;

  const title = String(doc[bookFieldKey("title")] ?? book.title);
  const reloadBookAndPreview = () => {
    // A page edit is a new revision: the book (TOC, bookmarks, media items) and the preview are reloaded.
    bookDocument.reload();
    preview.reload();
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
          labels={labels}
          lang={query.lang}
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
          {tab === "assistant" ? <AssistantPanel labels={labels} /> : null}
          {tab === "basic" ? (
            <BasicTab
              bookId={bookId}
              book={book}
              bookLogo={ready.config.bookLogo ?? ""}
              catalogue={catalogue}
              doc={doc}
              design={design}
              brands={brands}
              labels={labels}
              lang={textLang}
              notify={notify}
              report={report}
              onChange={change}
              onCardShownChanged={preview.reload}
            />
          ) : null}
          {tab === "design" ? (
            <DesignTab
              tabs={designTabs(labels)}
              chosen={designTab}
              onChoose={setDesignTab}
              catalogue={catalogue}
              design={design}
              doc={doc}
              labels={labels}
              lang={textLang}
              interfaceLang={query.lang}
              notify={notify}
              report={report}
              presetsOf={edits.presetsOf}
              onApplyPreset={edits.applyDesign}
              onChange={change}
              onChangeMany={changeMany}
            />
          ) : null}
          {tab === "contents" ? (
            <ContentsTab
              book={book}
              ownBook={ownBook}
              teamId={query.tid}
              lang={query.lang}
              labels={labels}
              notify={notify}
              report={report}
              onBookChange={setBook}
              onReloadBook={bookDocument.reload}
              onReloadPreview={preview.reload}
            />
          ) : null}
          {tab === "bookmarks" ? (
            <BookmarksPanel
              key={`bookmarks-${book.bookmarksRevision ?? 0}`}
              book={book}
              labels={labels}
              notify={notify}
              teamId={query.tid}
              onSaved={(bookmarks) => {
                setBook({ ...book, bookmarks });
                preview.reload();
              }}
            />
          ) : null}
          {tab === "language" ? (
            <LanguagePanel bookId={bookId} labels={labels} notify={notify} report={report} />
          ) : null}
          {tab === "config" ? (
            <ConfigTab
              book={book}
              ownBook={ownBook}
              catalogue={catalogue}
              doc={doc}
              labels={labels}
              lang={textLang}
              query={query}
              notify={notify}
              report={report}
              navigate={navigate}
              onChange={change}
              onChangeMany={changeMany}
              onBookChange={setBook}
            />
          ) : null}
          {tab === "password" ? (
            <PasswordPanel book={book} labels={labels} notify={notify} onSaved={preview.reload} />
          ) : null}
          {tab === "media" ? (
            <>
              <p className="note">{labels.mediaHint}</p>
              <PageAudioEditor bookId={bookId} labels={labels} notify={notify} report={report} readOnly={readOnly} />
            </>
          ) : null}
          {tab === "pages" ? (
            <PagesPanel
              bookId={bookId}
              teamId={query.tid}
              labels={labels}
              notify={notify}
              report={report}
              messages={() => messages.current}
              onEdited={reloadBookAndPreview}
            />
          ) : null}
        </EditorRail>
        <PreviewPane
          labels={labels}
          bar={
            <PreviewBar
              labels={labels}
              view={query.view}
              device={device}
              onDevice={switchDevice}
              readOnly={readOnly}
              steps={bookDocument.steps}
              onStep={edits.step}
              save={save}
              onStatistics={() => navigate("/statistics", { num: book.number })}
              onLeads={() => navigate("/leads", { num: book.number })}
              onShare={() => setSharing(true)}
              onPublish={() => setPublishing(true)}
            />
          }
          hint={hint}
          mediaEditor={
            tab === "media" ? (
              <MediaEditor
                number={book.number}
                doc={doc}
                labels={labels}
                notify={notify}
                readOnly={readOnly}
                onChange={changeMany}
                onPreview={preview.post}
              />
            ) : null
          }
          device={device}
          preview={preview}
          number={book.number}
          lang={query.lang}
        />
        {sharing ? (
          <ShareDialog
            bookId={book.bookId}
            number={book.number}
            enabled={(book.bStatus ?? 1) === 1}
            labels={labels}
            notify={notify}
            report={report}
            onClose={() => setSharing(false)}
            onManage={() => navigate("/bookcase")}
          />
        ) : null}
        {publishing ? (
          <PublishDialog
            bookId={book.bookId}
            title={title}
            labels={labels}
            notify={notify}
            onClose={() => setPublishing(false)}
          />
        ) : null}
        {guide.guiding ? <Guide labels={labels} chinese={chinese} onClose={guide.close} onStep={openGuideTab} /> : null}
      </main>
    </PlanLocksContext.Provider>
  );
}
