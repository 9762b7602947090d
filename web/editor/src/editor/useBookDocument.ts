import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { type BookInfo, call } from "../api.js";
import { basicDoc } from "../basic/basic-info.js";
import { type MediaItem, mediaDoc } from "../media/media-doc.js";
import { MediaSync } from "../media/media-sync.js";
import { type Catalogue, loadCatalogue } from "../settings/catalogue.js";
import type { Report } from "../types.js";
import { current, type Doc, type History, isFirst, isLast, startHistory } from "./history.js";

/** The book being edited: what get-book, the catalogue and the page media loaded, and the undo history over it. */
export interface BookDocument {
  book: BookInfo | null;
  setBook: Dispatch<SetStateAction<BookInfo | null>>;
  /** The loaded book, for the stored values of its own fields (a refused title returns to it). */
  bookRef: RefObject<BookInfo | null>;
  catalogue: Catalogue | null;
  loadError: string;
  /** The document as shown: htmlConfig, the book's own fields and the page media (`media:<id>`). */
  doc: Doc;
  docRef: RefObject<Doc>;
  history: RefObject<History>;
  steps: { first: boolean; last: boolean };
  /** The book's htmlConfig as the server stored it (get-book, then every update-book reply). */
  stored: RefObject<Record<string, unknown>>;
  mediaSync: RefObject<MediaSync | null>;
  /** Shows a step of the history (the document, the first/last flags). */
  show: (next: History) => void;
  /** Values put in place of the current step's (what the server stored instead of what was sent). */
  replaceInStep: (values: Record<string, unknown>) => void;
  /** Values for the preview: a removed key shows its catalogue default. */
  previewValues: (values: Record<string, unknown>) => Record<string, unknown>;
  /** Loads the book again (a page edit moved its TOC, bookmarks and media items). */
  reload: () => void;
}

/** What the save and edit hooks both work with: the document (their labels and notices: useScreenServices). */
export interface EditingContext {
  bookDocument: BookDocument;
}

/** Loads the book, the settings catalogue and the page media, and keeps the document and its undo history. */
export function useBookDocument(bookId: string, report: Report): BookDocument {
  const [book, setBook] = useState<BookInfo | null>(null);
  const [loadError, setLoadError] = useState("");
  const history = useRef<History>(startHistory({}));
  const [doc, setDoc] = useState<Doc>({});
  const [steps, setSteps] = useState({ first: true, last: true });
  /** Bumped when the book must be loaded again (a page edit moved its TOC, bookmarks and media items). */
  const [loadRound, setLoadRound] = useState(0);
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const stored = useRef<Record<string, unknown>>({});
  const bookRef = useRef<BookInfo | null>(null);
  bookRef.current = book;
  const defaults = useRef<Record<string, unknown>>({});
  const docRef = useRef<Doc>({});
  const mediaSync = useRef<MediaSync | null>(null);

  const previewValues = useCallback(
    (values: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(values).map(([key, value]) => [
          key,
          value === undefined ? (defaults.current[key] ?? "") : value,
        ]),
      ),
    [],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: loadRound loads the book again after a page edit
  useEffect(() => {
    let live = true;
    Promise.all([
      call<BookInfo>("/api/book/get-book", { bookId }),
      loadCatalogue(),
      // The page media are edited in the multimedia tab; a gateway without them leaves the tab empty.
      call<{ items: MediaItem[]; removedPdfLinks: string[] }>("/api/book/get-page-media", { bookId }).catch(() => ({
        items: [],
        removedPdfLinks: [],
      })),
    ]).then(
      ([loaded, files, media]) => {
        if (!live) return;
        mediaSync.current = new MediaSync(bookId, mediaDoc(media));
        stored.current = loaded.htmlConfig ?? {};
        docRef.current = { ...(loaded.htmlConfig ?? {}), ...basicDoc(loaded), ...mediaDoc(media) };
        history.current = startHistory(docRef.current);
        setDoc(docRef.current);
        defaults.current = files.defaults ?? {};
        setCatalogue(files);
        setBook(loaded);
      },
      (error: unknown) => {
        if (!live) return;
        setLoadError(error instanceof Error ? error.message : String(error));
        report(error);
      },
    );
    return () => {
      live = false;
    };
  }, [bookId, report, loadRound]);

  const show = useCallback((next: History) => {
    history.current = next;
    docRef.current = current(next);
    setDoc(docRef.current);
    setSteps({ first: isFirst(next), last: isLast(next) });
  }, []);

  const replaceInStep = useCallback(
    (values: Record<string, unknown>) => {
      const now = history.current;
      const steps = now.steps.slice();
      const step = { ...steps[now.index] };
      for (const [key, value] of Object.entries(values)) {
        if (value === undefined) delete step[key];
        else step[key] = value;
      }
      steps[now.index] = step;
      show({ ...now, steps });
    },
    [show],
  );

  const reload = useCallback(() => setLoadRound((round) => round + 1), []);

  return {
    book,
    setBook,
    bookRef,
    catalogue,
    loadError,
    doc,
    docRef,
    history,
    steps,
    stored,
    mediaSync,
    show,
    replaceInStep,
    previewValues,
    reload,
  };
}
