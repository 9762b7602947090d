import type { RefObject } from "react";
import type { BookInfo } from "../api.js";
import { AssistantPanel } from "../assistant/Assistant.js";
import { BasicTab } from "../basic/BasicTab.js";
import { BookmarksPanel } from "../bookmarks/BookmarksPanel.js";
import { ConfigTab } from "../config/ConfigTab.js";
import { ContentsTab } from "../contents/ContentsTab.js";
import type { OwnBook } from "../custom/SourceBook.js";
import { DesignTab } from "../design/DesignTab.js";
import type { DesignResources } from "../design/resources.js";
import type { OwnBrand } from "../design/useOwnBrands.js";
import { LanguagePanel } from "../language/LanguagePanel.js";
import { PageAudioEditor } from "../page-audio/PageAudioEditor.js";
import { PagesPanel } from "../pages/PagesPanel.js";
import { PasswordPanel } from "../password/PasswordPanel.js";
import type { Query } from "../route.js";
import { useScreenServices } from "../screen-services.js";
import type { Catalogue } from "../settings/catalogue.js";
import type { Ready } from "../types.js";
import { type DesignSubTab, designTabs, type SettingsTabContext, type Tab } from "./tabs.js";
import type { BookDocument } from "./useBookDocument.js";
import type { BookEdits } from "./useBookEdits.js";
import type { PreviewChannel } from "./usePreviewChannel.js";

/**
 * What the open tab draws from, as the editor screen holds it: the route, the loaded book and its document, its
 * edits, the preview, the design resources and the owner's brands.
 */
export interface EditorTabState {
  ready: Ready;
  query: Query;
  book: BookInfo;
  ownBook: OwnBook | null;
  catalogue: Catalogue;
  bookDocument: BookDocument;
  design: DesignResources;
  brands: OwnBrand[];
  edits: BookEdits;
  /** A change of one setting, through the page-mode guard. */
  change: (key: string, value: unknown) => void;
  preview: PreviewChannel;
  readOnly: boolean;
  messages: RefObject<Record<string, string> | null>;
}

/** The open rail tab's panel. */
export function EditorTabPanel({
  tab,
  designTab,
  onDesignTab,
  state,
}: {
  tab: Tab;
  designTab: DesignSubTab;
  onDesignTab(tab: DesignSubTab): void;
  state: EditorTabState;
}) {
  const { ready, query, book, ownBook, catalogue, bookDocument, design, brands, edits, change, preview } = state;
  const { readOnly, messages } = state;
  const { labels } = useScreenServices();
  const bookId = ready.config.bookId;
  const { doc, setBook } = bookDocument;
  const { changeMany } = edits;
  const settingsTab: SettingsTabContext = { catalogue, doc, onChange: change };
  const reloadBookAndPreview = () => {
    // A page edit is a new revision: the book (TOC, bookmarks, media items) and the preview are reloaded.
    bookDocument.reload();
    preview.reload();
  };
  switch (tab) {
    case "assistant":
      return <AssistantPanel />;
    case "basic":
      return (
        <BasicTab
          {...settingsTab}
          bookId={bookId}
          book={book}
          bookLogo={ready.config.bookLogo ?? ""}
          design={design}
          brands={brands}
          onCardShownChanged={preview.reload}
        />
      );
    case "design":
      return (
        <DesignTab
          tabs={designTabs(labels)}
          chosen={designTab}
          onChoose={onDesignTab}
          {...settingsTab}
          design={design}
          presetsOf={edits.presetsOf}
          onApplyPreset={edits.applyDesign}
          onChangeMany={changeMany}
        />
      );
    case "contents":
      return (
        <ContentsTab
          book={book}
          ownBook={ownBook}
          teamId={query.tid}
          onBookChange={setBook}
          onReloadBook={bookDocument.reload}
          onReloadPreview={preview.reload}
        />
      );
    case "bookmarks":
      return (
        <BookmarksPanel
          key={`bookmarks-${book.bookmarksRevision ?? 0}`}
          book={book}
          teamId={query.tid}
          onSaved={(bookmarks) => {
            setBook({ ...book, bookmarks });
            preview.reload();
          }}
        />
      );
    case "language":
      return <LanguagePanel bookId={bookId} />;
    case "config":
      return (
        <ConfigTab
          {...settingsTab}
          book={book}
          ownBook={ownBook}
          query={query}
          onChangeMany={changeMany}
          onBookChange={setBook}
        />
      );
    case "password":
      return <PasswordPanel book={book} onSaved={preview.reload} />;
    case "media":
      return (
        <>
          <p className="note">{labels.mediaHint}</p>
          <PageAudioEditor bookId={bookId} readOnly={readOnly} />
        </>
      );
    case "pages":
      return (
        <PagesPanel
          bookId={bookId}
          teamId={query.tid}
          messages={() => messages.current}
          onEdited={reloadBookAndPreview}
        />
      );
    default:
      return null;
  }
}
