import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type BookInfo, call, type ReadyConfig } from "./api.js";
import {
  changes,
  current,
  type Doc,
  type History,
  isFirst,
  isLast,
  record,
  redo,
  startHistory,
  undo,
} from "./history.js";
import type { Labels } from "./labels.js";
import { BasicPanel, BookmarksPanel, CatalogPanel, PasswordPanel, SettingsPanel } from "./Panels.js";
import { ShareDialog } from "./ShareDialog.js";
import { createSaveFlow, type SaveState } from "./save-flow.js";
import { settingDefaults, settingsTree } from "./settings.js";
import type { Notify } from "./types.js";

type Tab = "basic" | "design" | "contents" | "bookmarks" | "password";
type Device = "pc" | "pad" | "phone";

/** The editor screen (spec 000 §2 /editor): left rail, preview pane, save state, undo/redo and sharing. */
export function Editor({
  ready,
  labels,
  lang,
  notify,
}: {
  ready: ReadyConfig;
  labels: Labels;
  lang: "zh" | "en";
  notify: Notify;
}) {
  const [book, setBook] = useState<BookInfo | null>(null);
  const [loadError, setLoadError] = useState("");
  const history = useRef<History>(startHistory({}));
  const [doc, setDoc] = useState<Doc>({});
  const [steps, setSteps] = useState({ first: true, last: true });
  const [save, setSave] = useState<{ state: SaveState; unsaved: boolean }>({ state: "waiting", unsaved: false });
  const [tab, setTab] = useState<Tab>("design");
  const [device, setDevice] = useState<Device>("pc");
  const [sharing, setSharing] = useState(false);
  const [previewVersion, setPreviewVersion] = useState(0);
  const [previewReady, setPreviewReady] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const readyRef = useRef(false);
  const docRef = useRef<Doc>({});

  useEffect(() => {
    let live = true;
    call<BookInfo>("/api/book/get-book", { bookId: ready.bookId }).then(
      (loaded) => {
        if (!live) return;
        history.current = startHistory(loaded.htmlConfig ?? {});
        docRef.current = loaded.htmlConfig ?? {};
        setDoc(docRef.current);
        setBook(loaded);
      },
      (error: unknown) => {
        if (!live) return;
        const text = error instanceof Error ? error.message : String(error);
        setLoadError(text);
        notify(text, "error");
      },
    );
    return () => {
      live = false;
    };
  }, [ready.bookId, notify]);

  /** Spec 000 §7 cross-frame: {key, value, type: "previewBook", showAlert} to bookEditIframe, own origin only. */
  const postPreview = useCallback((changed: Doc) => {
    const target = frame.current?.contentWindow;
    if (!readyRef.current || !target) return;
    for (const [key, value] of Object.entries(changed))
      target.postMessage({ type: "previewBook", key, value, showAlert: false }, window.location.origin);
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: string } | null)?.type !== "previewReady") return;
      readyRef.current = true;
      setPreviewReady(true);
      // A reader that loaded while a change was still on its way gets the document's settings now.
      const settings: Doc = {};
      for (const node of settingsTree) if (node.key in docRef.current) settings[node.key] = docRef.current[node.key];
      postPreview(settings);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [postPreview]);

  const flow = useMemo(
    () =>
      createSaveFlow({
        apply: postPreview,
        send: async (changed) =>
          (
            await call<BookInfo>("/api/book/update-book", {
              bookId: ready.bookId,
              bookConfig: JSON.stringify(changed),
            })
          ).htmlConfig,
        state: (state, unsaved, error) => {
          setSave({ state, unsaved });
          if (state === "error")
            notify(error instanceof Error && error.message ? error.message : labels.saveError, "error");
        },
      }),
    [postPreview, ready.bookId, notify, labels.saveError],
  );
  useEffect(() => () => void flow.flush(), [flow]);

  const show = (next: History) => {
    history.current = next;
    docRef.current = current(next);
    setDoc(docRef.current);
    setSteps({ first: isFirst(next), last: isLast(next) });
  };

  const change = (key: string, value: unknown) => {
    show(record(history.current, { ...docRef.current, [key]: value }, key, Date.now()));
    flow.change({ [key]: value });
  };

  const step = (direction: "undo" | "redo") => {
    const before = history.current;
    if (direction === "undo" ? isFirst(before) : isLast(before)) {
      notify(direction === "undo" ? labels.firstStep : labels.lastStep);
      return;
    }
    const next = direction === "undo" ? undo(before) : redo(before);
    const changed = changes(current(before), current(next), settingDefaults);
    show(next);
    if (Object.keys(changed).length > 0) flow.change(changed);
  };

  const reloadPreview = () => {
    readyRef.current = false;
    setPreviewReady(false);
    setPreviewVersion((version) => version + 1);
  };

  if (loadError) return <p className="loading error-text">{loadError}</p>;
  if (!book) return <p className="loading">{labels.loading}</p>;

  const tabs: [Tab, string][] = [
    ["basic", labels.tabBasic],
    ["design", labels.tabDesign],
    ["contents", labels.tabContents],
    ["bookmarks", labels.tabBookmarks],
    ["password", labels.tabPassword],
  ];
  const saveText: Record<SaveState, string> = {
    waiting: labels.saveWaiting,
    working: labels.saveWorking,
    success: labels.saveSuccess,
    error: labels.saveError,
  };
  const devices: [Device, string][] = [
    ["pc", labels.pc],
    ["pad", labels.pad],
    ["phone", labels.phone],
  ];

  return (
    <main className="editor">
      <aside className="rail">
        <div className="book-heading">
          <h1 title={book.title}>{book.title}</h1>
          <span className="book-number">{book.number}</span>
        </div>
        <div className="tabs" role="tablist">
          {tabs.map(([name, label]) => (
            <button
              key={name}
              type="button"
              role="tab"
              aria-selected={tab === name}
              className={tab === name ? "active" : ""}
              onClick={() => setTab(name)}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="rail-body" role="tabpanel">
          {tab === "basic" ? <BasicPanel book={book} labels={labels} /> : null}
          {tab === "design" ? <SettingsPanel doc={doc} labels={labels} lang={lang} onChange={change} /> : null}
          {tab === "contents" ? (
            <CatalogPanel
              book={book}
              labels={labels}
              notify={notify}
              onSaved={(catalog) => {
                setBook({ ...book, catalog });
                reloadPreview();
              }}
            />
          ) : null}
          {tab === "bookmarks" ? (
            <BookmarksPanel
              book={book}
              labels={labels}
              notify={notify}
              onSaved={(bookmarks) => {
                setBook({ ...book, bookmarks });
                reloadPreview();
              }}
            />
          ) : null}
          {tab === "password" ? (
            <PasswordPanel book={book} labels={labels} notify={notify} onSaved={reloadPreview} />
          ) : null}
        </div>
      </aside>
      <section className="preview" aria-label={labels.preview}>
        <div className="preview-bar">
          <fieldset className="segmented" aria-label={labels.preview}>
            {devices.map(([name, label]) => (
              <button
                key={name}
                type="button"
                aria-pressed={device === name}
                className={device === name ? "active" : ""}
                onClick={() => setDevice(name)}
              >
                {label}
              </button>
            ))}
          </fieldset>
          <div className="history-buttons">
            <button
              type="button"
              onClick={() => step("undo")}
              className={steps.first ? "at-end" : ""}
              title={steps.first ? labels.firstStep : labels.undo}
            >
              ↶ {labels.undo}
            </button>
            <button
              type="button"
              onClick={() => step("redo")}
              className={steps.last ? "at-end" : ""}
              title={steps.last ? labels.lastStep : labels.redo}
            >
              ↷ {labels.redo}
            </button>
          </div>
          <span className={`save-state save-${save.state}`} data-testid="save-state" data-state={save.state}>
            {save.unsaved && save.state !== "working" ? labels.unsaved : saveText[save.state]}
          </span>
          <button type="button" className="primary" onClick={() => setSharing(true)}>
            {labels.share}
          </button>
        </div>
        <div className={`stage device-${device}`}>
          <iframe
            key={previewVersion}
            ref={frame}
            name="bookEditIframe"
            title={labels.preview}
            data-ready={previewReady ? "true" : "false"}
            src={`/b/${encodeURIComponent(book.number)}${lang === "en" ? "?lang=en" : ""}`}
          />
        </div>
      </section>
      {sharing ? (
        <ShareDialog number={book.number} labels={labels} notify={notify} onClose={() => setSharing(false)} />
      ) : null}
    </main>
  );
}
