import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type BookInfo, call, formBody } from "../api.js";
import { AssistantPanel } from "../assistant/Assistant.js";
import { BasicPanel } from "../basic/BasicPanel.js";
import { BusinessCardPanel } from "../basic/BusinessCardPanel.js";
import {
  type BookField,
  basicDoc,
  bookFieldKey,
  bookFieldLimits,
  bookFieldPrefix,
  labelOf,
  splitBasic,
} from "../basic/basic-info.js";
import { ShareIconPanel } from "../basic/ShareIconPanel.js";
import { BookmarksPanel } from "../bookmarks/BookmarksPanel.js";
import { ConfigPanel } from "../config/ConfigPanel.js";
import { AboutPanel, AdBannerPanel, PhoneNumbersPanel } from "../config/ContactPanels.js";
import { CatalogPanel } from "../contents/CatalogPanel.js";
import { CustomConfigPanel } from "../custom/CustomConfigPanel.js";
import { CustomContentPanel } from "../custom/CustomContentPanel.js";
import { BookBrandPanel } from "../design/BookBrandPanel.js";
import { BrandsPanel } from "../design/BrandsPanel.js";
import { ButtonOrderPanel } from "../design/ButtonOrderPanel.js";
import { CardStyles, DesignLibrary } from "../design/DesignLibrary.js";
import { MyThemesPanel } from "../design/MyThemesPanel.js";
import { PageAudioPanel } from "../design/PageAudioPanel.js";
import { recordedDesign } from "../design/resources.js";
import { useDesignResources } from "../design/useDesignResources.js";
import { previewBrandValue, useOwnBrands } from "../design/useOwnBrands.js";
import { Guide } from "../guide/Guide.js";
import { escapeSetsCloseFrame, type GuideStepId, guideSeenKey, guideStepTabs } from "../guide/guide.js";
import type { Labels } from "../labels.js";
import { LanguagePanel } from "../language/LanguagePanel.js";
import { MediaEditor } from "../media/MediaEditor.js";
import { isMediaKey, type MediaItem, mediaDoc, splitMedia } from "../media/media-doc.js";
import { MediaSync, revertOf } from "../media/media-sync.js";
import { PagesPanel } from "../pages/PagesPanel.js";
import { PasswordPanel } from "../password/PasswordPanel.js";
import type { Query } from "../route.js";
import { assertValidChange, changeRefusal, localisedRefusal } from "../setting-check.js";
import { type Catalogue, findPreset, loadCatalogue, type PresetKind, presetValues } from "../settings/catalogue.js";
import { SettingsPanel } from "../settings/SettingsTree.js";
import { ShareDialog } from "../share/ShareDialog.js";
import type { Navigate, Notify, Ready, Report } from "../types.js";
import { type BookLock, isReadOnly, lockRefreshMs, tabSessionId } from "./editing-lock.js";
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
import { devicesFor, hintMs, type PreviewDevice, takeHint } from "./preview-hints.js";
import { absolutePaths, createSaveFlow, type SaveState } from "./save-flow.js";
import { gateError, gateRefusal, serverChanges, storedValues } from "./server-truth.js";
import { exposeWindowApi } from "./window-api.js";

type Tab =
  | "assistant"
  | "basic"
  | "design"
  | "contents"
  | "bookmarks"
  | "language"
  | "config"
  | "password"
  | "media"
  | "pages";
type DesignTab = "template" | "theme" | "scene" | "setup";

/** The document's htmlConfig keys (not the book's own fields, not page media). */
const isSettingKey = (key: string) => !key.startsWith(bookFieldPrefix) && !isMediaKey(key);

const safeStorage = (): Storage | undefined => {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
};

/** A row of tabs, each with the onboarding guide's name for it. */
function TabList<Name extends string>({
  className,
  tabs,
  chosen,
  onChoose,
}: {
  className: string;
  tabs: [Name, string, string][];
  chosen: Name;
  onChoose: (name: Name) => void;
}) {
  return (
    <div className={className} role="tablist">
      {tabs.map(([name, label, guide]) => (
        <button
          key={name}
          type="button"
          role="tab"
          data-guide={guide}
          aria-selected={chosen === name}
          className={chosen === name ? "active" : ""}
          onClick={() => onChoose(name)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

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
  const [book, setBook] = useState<BookInfo | null>(null);
  const [loadError, setLoadError] = useState("");
  const history = useRef<History>(startHistory({}));
  const [doc, setDoc] = useState<Doc>({});
  const [steps, setSteps] = useState({ first: true, last: true });
  const [save, setSave] = useState<{ state: SaveState; unsaved: boolean }>({ state: "waiting", unsaved: false });
  const [tab, setTab] = useState<Tab>("design");
  const [designTab, setDesignTab] = useState<DesignTab>("setup");
  const [device, setDevice] = useState<PreviewDevice>("pc");
  const [hint, setHint] = useState<PreviewDevice | null>(null);
  const [sharing, setSharing] = useState(false);
  const [guiding, setGuiding] = useState(() => safeStorage()?.getItem(guideSeenKey) !== "1");
  const [previewVersion, setPreviewVersion] = useState(0);
  /** Bumped when the book must be loaded again (a page edit moved its TOC, bookmarks and media items). */
  const [loadRound, setLoadRound] = useState(0);
  const [previewReady, setPreviewReady] = useState(false);
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const design = useDesignResources();
  /** This book as the custom config and content panels name it (stable while its title is). */
  const ownNumber = book?.number;
  const ownTitle = book?.title;
  const ownBook = useMemo(
    () => (ownNumber !== undefined ? { bookId, number: ownNumber, title: ownTitle ?? "" } : null),
    [bookId, ownNumber, ownTitle],
  );
  const failedPreset = useRef<PresetKind | null>(null);
  /** The book's htmlConfig as the server stored it (get-book, then every update-book reply). */
  const stored = useRef<Record<string, unknown>>({});
  /** The loaded book, for the stored values of its own fields (a refused title returns to it). */
  const bookRef = useRef<BookInfo | null>(null);
  bookRef.current = book;
  /** The server's messages catalogue in the interface language: the texts of refusals made before sending. */
  const messageCatalogue = useRef<Record<string, string> | null>(null);
  const defaults = useRef<Record<string, unknown>>({});
  /** Values for the preview: a removed key shows its catalogue default. */
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
  const frame = useRef<HTMLIFrameElement>(null);
  const brands = useOwnBrands(report);
  /** The owner's brands for the preview: a chosen brand is sent as the brand itself, as readers get it. */
  const brandsRef = useRef(brands);
  brandsRef.current = brands;
  const readyRef = useRef(false);
  const docRef = useRef<Doc>({});
  const mediaSync = useRef<MediaSync | null>(null);
  const sessionId = useMemo(() => {
    try {
      return tabSessionId(window.sessionStorage);
    } catch {
      return tabSessionId(undefined);
    }
  }, []);
  const [lock, setLock] = useState<BookLock | null>(null);
  const readOnly = isReadOnly(lock);
  const readOnlyRef = useRef(false);
  readOnlyRef.current = readOnly;

  useEffect(() => {
    let live = true;
    const take = () =>
      call<BookLock>("/api/book/get-book-lock", { bookId, sessionId }).then(
        (answer) => {
          if (live) setLock(answer);
        },
        // The lock is advisory: a failed refresh leaves the editor as it was rather than toasting every minute.
        () => undefined,
      );
    void take();
    const timer = setInterval(take, lockRefreshMs);
    // keepalive lets the request outlive the page; the same form encoding as every other call.
    const release = () => {
      fetch("/api/book/get-book-lock", {
        method: "POST",
        keepalive: true,
        credentials: "same-origin",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: formBody({ bookId, sessionId, release: "1" }),
      }).catch(() => undefined);
    };
    window.addEventListener("pagehide", release);
    // Leaving the page or the editor's route gives the lock up; a remount on the same route (a language switch)
    // keeps this tab's session and refreshes it, where a release racing the new mount's take could free the book.
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener("pagehide", release);
      if (!window.location.pathname.endsWith("/editor")) release();
    };
  }, [bookId, sessionId]);

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

  useEffect(() => {
    let live = true;
    fetch(`/api/language/labels?lang=${encodeURIComponent(query.lang)}&scope=messages`)
      .then((response) => response.json() as Promise<{ data?: { labels?: Record<string, string> } }>)
      .then(
        (reply) => {
          if (live) messageCatalogue.current = reply.data?.labels ?? null;
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [query.lang]);

  /**
   * Spec 000 §7 cross-frame: {key, value, type: "previewBook", showAlert} to bookEditIframe, own origin only. Media
   * items go the same way under their `media:<id>` key (the item, or null when deleted), so the preview redraws them
   * as they are placed, moved and edited.
   */
  const postPreview = useCallback((changed: Doc) => {
    const target = frame.current?.contentWindow;
    if (!readyRef.current || !target) return;
    for (const [key, value] of Object.entries(changed)) {
      if (key.startsWith(bookFieldPrefix)) continue;
      const sent = isMediaKey(key) ? (value ?? null) : previewBrandValue(key, value, brandsRef.current);
      target.postMessage({ type: "previewBook", key, value: sent, showAlert: false }, window.location.origin);
    }
  }, []);

  useEffect(() => {
    const listener = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: string } | null)?.type !== "previewReady") return;
      readyRef.current = true;
      setPreviewReady(true);
      // A reader that loaded while a change was still on its way gets the document's settings now.
      const settings: Doc = {};
      for (const key of Object.keys(docRef.current)) settings[key] = docRef.current[key];
      postPreview(settings);
    };
    window.addEventListener("message", listener);
    return () => window.removeEventListener("message", listener);
  }, [postPreview]);

  const show = useCallback((next: History) => {
    history.current = next;
    docRef.current = current(next);
    setDoc(docRef.current);
    setSteps({ first: isFirst(next), last: isLast(next) });
  }, []);

  /** Values put in place of the current step's (what the server stored instead of what was sent). */
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

  const flow = useMemo(
    () =>
      createSaveFlow({
        apply: postPreview,
        send: async (all) => {
          // Media items go one by one to their own calls; a refused one returns to its stored value.
          const { media, rest: changed } = splitMedia(all);
          if (media.length > 0 && mediaSync.current) {
            try {
              const stored = await mediaSync.current.send(media);
              if (Object.keys(stored).length > 0) {
                replaceInStep(stored);
                postPreview(stored);
              }
            } catch (error) {
              const revert = revertOf(error);
              if (revert) {
                replaceInStep(revert);
                postPreview(revert);
              }
              throw error;
            }
          }
          if (Object.keys(changed).length === 0) return {};
          // The basic tab's title, description, keywords and label are update-book's own fields.
          const { fields, config } = splitBasic(changed);
          // The catalogue's rules first (the server applies the same ones): a refused value is never sent.
          assertValidChange(config, textLang, labels);
          // Spec 000 §6: a change the loaded powers forbid is refused here, with the server's own text.
          const texts = messageCatalogue.current;
          const gated = texts
            ? gateRefusal({ bookConfig: config, desc: fields.desc, label: fields.label }, ready.customPower)
            : undefined;
          if (gated && texts) throw gateError(gated, texts);
          try {
            const reply = await call<BookInfo>("/api/book/update-book", {
              ...fields,
              bookId,
              // Spec 000 §6: in a team the member acts as type 13 with the team's overrides and role powers.
              teamId: query.tid,
              bookConfig: JSON.stringify(config),
            });
            stored.current = reply.htmlConfig ?? {};
            // The server's rules may have changed the download config and plugins too (the download panel shows them).
            setBook((loaded) =>
              loaded
                ? {
                    ...loaded,
                    htmlConfig: reply.htmlConfig,
                    isDownload: reply.isDownload,
                    downloadconfig: reply.downloadconfig,
                    settingsRevision: reply.settingsRevision,
                    title: reply.title,
                    desc: reply.desc,
                    keyword: reply.keyword,
                    label: reply.label,
                  }
                : loaded,
            );
            return reply.htmlConfig;
          } catch (error) {
            throw localisedRefusal(error, textLang, labels);
          }
        },
        saved: (changed, server, idle) => {
          if (idle) {
            // Nothing else on its way: every stored value is the one to show, whatever key the server's rules touched.
            const adopted = serverChanges(docRef.current, server, isSettingKey);
            if (Object.keys(adopted).length > 0) {
              replaceInStep(adopted);
              postPreview(previewValues(adopted));
            }
            return;
          }
          const fixed = absolutePaths(changed, server);
          if (Object.keys(fixed).length === 0) return;
          // The stored absolute paths replace the relative ones in the current step, not as a step of their own.
          const now = history.current;
          const steps = now.steps.slice();
          steps[now.index] = { ...steps[now.index], ...fixed };
          show({ ...now, steps });
        },
        refused: (changed) => {
          // A refused change returns to what the server has: the control, the preview and the unsaved flag.
          const { rest } = splitMedia(changed);
          const { fields, config } = splitBasic(rest);
          const loaded = bookRef.current;
          const back: Record<string, unknown> = storedValues(config, stored.current);
          if (loaded) {
            const own = basicDoc(loaded);
            for (const field of Object.keys(fields))
              back[bookFieldKey(field as BookField)] = own[bookFieldKey(field as BookField)];
          }
          if (Object.keys(back).length === 0) return false;
          replaceInStep(back);
          postPreview(previewValues(back));
          return true;
        },
        state: (state, unsaved, error) => {
          setSave({ state, unsaved });
          if (state !== "error") {
            if (state === "success") failedPreset.current = null;
            return;
          }
          const reason = error instanceof Error && error.message ? error : new Error(labels.saveError);
          // A template, theme or scene the server refused says which one failed (spec 000 §8).
          const preset = failedPreset.current;
          failedPreset.current = null;
          if (preset)
            notify(
              `${preset === "theme" ? labels.themeFailed : preset === "template" ? labels.templateFailed : labels.sceneFailed}: ${reason.message}`,
              "error",
            );
          report(reason);
        },
      }),
    [
      postPreview,
      bookId,
      report,
      notify,
      labels,
      show,
      replaceInStep,
      textLang,
      previewValues,
      query.tid,
      ready.customPower,
    ],
  );
  useEffect(() => () => void flow.flush(), [flow]);

  /** One step of the undo stack and one server update for a change of one or more keys. */
  const changeMany = (values: Doc, stepKey: string): boolean => {
    if (readOnlyRef.current) {
      notify(labels.lockHeld, "error");
      return false;
    }
    // The settings catalogue's rules (the server's): a refused value is shown and neither kept nor previewed.
    const refused = changeRefusal(values, textLang, labels);
    if (refused) {
      notify(refused, "error");
      return false;
    }
    show(record(history.current, { ...docRef.current, ...values }, stepKey, Date.now()));
    flow.change(values);
    // Spec 000 §4: turning the download button on opens the download settings panel.
    if (
      "DownloadButtonVisible" in values &&
      ["true", "yes", "show"].includes(String(values.DownloadButtonVisible).toLowerCase())
    )
      setTab("config");
    return true;
  };
  const change = (key: string, value: unknown) => changeMany({ [key]: value }, key);

  const step = (direction: "undo" | "redo"): boolean => {
    if (readOnlyRef.current) return false;
    const before = history.current;
    if (direction === "undo" ? isFirst(before) : isLast(before)) {
      notify(direction === "undo" ? labels.firstStep : labels.lastStep);
      return false;
    }
    const next = direction === "undo" ? undo(before) : redo(before);
    const changed = changes(current(before), current(next), catalogue?.defaults ?? {});
    show(next);
    if (Object.keys(changed).length > 0) flow.change(changed);
    return true;
  };

  const presetsOf = (kind: PresetKind) =>
    (kind === "template" ? catalogue?.templates : kind === "theme" ? catalogue?.themes : catalogue?.scenes)?.items ??
    [];

  /** Applies a template, theme or scene (spec 000 §2 design tab): its values as one change and one undo step. */
  const applyDesign = (kind: PresetKind, name: string): boolean => {
    const entry = findPreset(presetsOf(kind), name);
    if (!entry) {
      notify(
        kind === "theme" ? labels.themeFailed : kind === "template" ? labels.templateFailed : labels.sceneFailed,
        "error",
      );
      return false;
    }
    failedPreset.current = kind;
    // The book records which template, theme or scene it uses beside the values the design brought.
    const values = recordedDesign(kind, entry, presetValues(kind, entry, catalogue?.themes.items ?? []));
    return changeMany(values, `${kind}:${entry.id}`);
  };

  /** The guide's step 7 and 13 controls live inside tabs: open them as the step shows. */
  const openGuideTab = useCallback((id: GuideStepId) => {
    const place = guideStepTabs[id];
    if (!place) return;
    setTab(place.tab);
    if (place.designTab) setDesignTab(place.designTab);
  }, []);

  const switchDevice = useCallback((next: PreviewDevice) => {
    setDevice(next);
    // Spec 000 §4: switching hides the other device's prompt; each prompt shows once and hides after 5 s.
    const store = safeStorage();
    setHint(store && takeHint(store, next) ? next : null);
  }, []);

  useEffect(() => {
    if (!book) return;
    const store = safeStorage();
    if (store && takeHint(store, "pc")) setHint("pc");
  }, [book]);

  useEffect(() => {
    if (!hint) return;
    const timer = setTimeout(() => setHint(null), hintMs);
    return () => clearTimeout(timer);
  }, [hint]);

  // Spec 000 §2: Escape inside an embedding frame sets the close-frame flag unless escape is limited.
  useEffect(() => {
    const escapeLimited = new URLSearchParams(window.location.search).get("limitEsc") === "1";
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (escapeSetsCloseFrame(window.self !== window.top, escapeLimited))
        (window as unknown as { closeFrame: boolean }).closeFrame = true;
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // The window methods of spec 000 §7 for the assistant, always calling the latest closures.
  const latest = useRef({ changeMany, step, applyDesign, switchDevice, notify, labels });
  latest.current = { changeMany, step, applyDesign, switchDevice, notify, labels };
  useEffect(() => {
    /** A book field of the basic tab, within update-book's limits (the server checks them again). */
    const setField = (field: "title" | "desc" | "keyword", text: string) => {
      const value = String(text ?? "").trim();
      if ((field === "title" && !value) || value.length > bookFieldLimits[field]) return false;
      return latest.current.changeMany({ [bookFieldKey(field)]: value }, bookFieldKey(field));
    };
    return exposeWindowApi({
      setBookProperties: (values) => {
        if (!values || typeof values !== "object" || Object.keys(values).length === 0) return false;
        return latest.current.changeMany(values, Object.keys(values).join(","));
      },
      setBookScene: (name) => latest.current.applyDesign("scene", name),
      setBookTemplate: (name) => latest.current.applyDesign("template", name),
      setBookTheme: (name) => latest.current.applyDesign("theme", name),
      setBookTitle: (text) => setField("title", text),
      setBookDescription: (text) => setField("desc", text),
      setBookKeywords: (text) => setField("keyword", text),
      // Tags are the book's label (none, fresh, hot, featured): update-book has no free tags.
      setBookTags: (text) => {
        const label = labelOf(String(text ?? ""));
        return (
          label !== undefined && latest.current.changeMany({ [bookFieldKey("label")]: label }, bookFieldKey("label"))
        );
      },
      setBackgroundMusic: (url) => latest.current.changeMany({ backgroundMusic: url }, "backgroundMusic"),
      undoBook: () => latest.current.step("undo"),
      redoBook: () => latest.current.step("redo"),
      switchPreviewMode: (next) => {
        if (!["pc", "phone", "pad"].includes(next)) return false;
        latest.current.switchDevice(next);
        return true;
      },
    });
  }, []);

  const reloadPreview = () => {
    readyRef.current = false;
    setPreviewReady(false);
    setPreviewVersion((version) => version + 1);
  };

  const closeGuide = () => {
    setGuiding(false);
    try {
      safeStorage()?.setItem(guideSeenKey, "1");
    } catch {
      // A browser without storage shows the guide again next time.
    }
  };

  if (loadError) return <p className="loading error-text">{loadError}</p>;
  if (!book || !catalogue) return <p className="loading">{labels.loading}</p>;

  const tabs: [Tab, string, string][] = [
    ["assistant", labels.tabAssistant, "assistant"],
    ["basic", labels.tabBasic, "basic"],
    ["design", labels.tabDesign, "functions"],
    ["contents", labels.tabContents, "catalog"],
    ["bookmarks", labels.tabBookmarks, "bookmark"],
    ["language", labels.tabLanguage, "languages"],
    ["config", labels.tabConfig, "config"],
    ["password", labels.tabPassword, "password"],
    ["media", labels.tabMedia, "mediaItems"],
    ["pages", labels.tabPages, "pages"],
  ];
  const designTabs: [DesignTab, string, string][] = [
    ["template", labels.designTemplate, "template"],
    ["theme", labels.designTheme, "theme"],
    ["scene", labels.designScene, "scene"],
    ["setup", labels.designSetup, "media"],
  ];
  const saveText: Record<SaveState, string> = {
    waiting: labels.saveWaiting,
    working: labels.saveWorking,
    success: labels.saveSuccess,
    error: labels.saveError,
  };
  const deviceText: Record<PreviewDevice, string> = { pc: labels.pc, pad: labels.pad, phone: labels.phone };

  const designList = (kind: PresetKind) => {
    const list = presetsOf(kind);
    return list.length === 0 ? (
      <p className="note">{labels.noDesigns}</p>
    ) : (
      <ul className="designs" aria-label={kind}>
        {list.map((entry) => (
          <li key={entry.id} data-id={entry.id}>
            <img src={`/resourceFiles/${entry.preview}`} alt="" width={64} height={44} loading="lazy" />
            <span>{entry.name[textLang]}</span>
            <button
              type="button"
              aria-label={`${labels.apply} ${entry.name[textLang]}`}
              onClick={() => applyDesign(kind, entry.id)}
            >
              {labels.apply}
            </button>
          </li>
        ))}
      </ul>
    );
  };

  return (
    <main className="editor">
      <aside className="rail">
        <div className="book-heading">
          <h1 title={String(doc[bookFieldKey("title")] ?? book.title)}>
            {String(doc[bookFieldKey("title")] ?? book.title)}
          </h1>
          <span className="book-number">{book.number}</span>
          <button type="button" className="link-button" onClick={() => setGuiding(true)}>
            {labels.guide}
          </button>
        </div>
        <TabList
          className="tabs"
          tabs={tabs}
          chosen={tab}
          // The preview hidden behind the multimedia editor got every item change as a message: no reload.
          onChoose={setTab}
        />
        {lock && readOnly ? (
          <p className="lock-warning" role="alert" data-testid="lock-warning">
            {labels.lockHeld} ({labels.lockUser} {lock.holderUserId}, {labels.lockSince}{" "}
            {new Date(lock.since).toLocaleString(query.lang)})
          </p>
        ) : null}
        <fieldset className="rail-body" role="tabpanel" disabled={readOnly}>
          {tab === "assistant" ? <AssistantPanel labels={labels} /> : null}
          {tab === "basic" ? (
            <>
              <BasicPanel doc={doc} labels={labels} notify={notify} onChange={change} />
              <BusinessCardPanel
                bookId={bookId}
                labels={labels}
                notify={notify}
                report={report}
                onShownChanged={reloadPreview}
              />
              <CardStyles cards={design.businessCards} values={doc} labels={labels} lang={textLang} onChange={change} />
              <ShareIconPanel
                bookId={bookId}
                bookLogo={ready.config.bookLogo ?? ""}
                shareIcon={book.shareIcon ?? ""}
                logo={catalogue.logo}
                labels={labels}
                notify={notify}
                report={report}
              />
              <BrandsPanel labels={labels} notify={notify} report={report} />
              <BookBrandPanel
                values={doc}
                labels={labels}
                lang={textLang}
                brandDefault={design.brandDefault}
                brands={brands}
                onChange={change}
              />
              <SettingsPanel
                catalogue={catalogue}
                tab="basic"
                doc={doc}
                labels={labels}
                lang={textLang}
                onChange={change}
                notify={notify}
              />
            </>
          ) : null}
          {tab === "design" ? (
            <>
              <TabList className="subtabs" tabs={designTabs} chosen={designTab} onChoose={setDesignTab} />
              {designTab === "setup" ? (
                <SettingsPanel
                  catalogue={catalogue}
                  tab="setup"
                  doc={doc}
                  labels={labels}
                  lang={textLang}
                  onChange={change}
                  notify={notify}
                />
              ) : designTab === "template" ? (
                <>
                  {designList(designTab)}
                  <DesignLibrary
                    mobileTemplates={design.mobileTemplates.items}
                    backgrounds={design.backgrounds.items}
                    values={doc}
                    labels={labels}
                    lang={textLang}
                    onApply={changeMany}
                  />
                </>
              ) : (
                designList(designTab)
              )}
              {designTab === "setup" ? (
                <PageAudioPanel
                  value={doc.backgroundMusic}
                  labels={labels}
                  lang={query.lang}
                  notify={notify}
                  onChange={(music) => change("backgroundMusic", music)}
                />
              ) : null}
              {designTab === "theme" ? (
                <MyThemesPanel
                  tree={catalogue.tree}
                  values={doc}
                  labels={labels}
                  notify={notify}
                  report={report}
                  onApply={(theme) => changeMany(theme, "theme")}
                />
              ) : null}
              {designTab === "setup" ? (
                <ButtonOrderPanel
                  tree={catalogue.tree}
                  value={doc.buttonsSortXML}
                  lang={textLang}
                  labels={labels}
                  onChange={(order) => change("buttonsSortXML", order)}
                />
              ) : null}
            </>
          ) : null}
          {tab === "contents" ? (
            <>
              <CatalogPanel
                key={`catalog-${book.catalogRevision ?? 0}`}
                book={book}
                labels={labels}
                notify={notify}
                teamId={query.tid}
                onSaved={(catalog) => {
                  setBook({ ...book, catalog });
                  reloadPreview();
                }}
              />
              {ownBook ? (
                <CustomContentPanel
                  book={ownBook}
                  catalog={book.catalog}
                  bookmarks={book.bookmarks}
                  teamId={query.tid}
                  lang={query.lang}
                  labels={labels}
                  notify={notify}
                  report={report}
                  onApplied={() => {
                    // The TOC and bookmark tabs the server now holds are loaded again and previewed.
                    setLoadRound((round) => round + 1);
                    reloadPreview();
                  }}
                />
              ) : null}
            </>
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
                reloadPreview();
              }}
            />
          ) : null}
          {tab === "language" ? (
            <LanguagePanel bookId={bookId} labels={labels} notify={notify} report={report} />
          ) : null}
          {tab === "config" ? (
            <>
              <SettingsPanel
                catalogue={catalogue}
                tab="config"
                doc={doc}
                labels={labels}
                lang={textLang}
                onChange={change}
                notify={notify}
              />
              <PhoneNumbersPanel
                value={doc.MultiPhoneNumber}
                labels={labels}
                onSave={(rows) => change("MultiPhoneNumber", rows)}
              />
              <AdBannerPanel value={doc.adConfig} labels={labels} onSave={(config) => change("adConfig", config)} />
              <AboutPanel
                value={doc.aboutContent}
                labels={labels}
                notify={notify}
                onSave={(xml) => change("aboutContent", xml)}
              />
              <ConfigPanel
                book={book}
                labels={labels}
                query={query}
                notify={notify}
                report={report}
                navigate={navigate}
                onSaved={(saved) => setBook({ ...book, ...saved })}
              />
              {ownBook ? (
                <CustomConfigPanel
                  book={ownBook}
                  tree={catalogue.tree}
                  values={Object.fromEntries(Object.entries(doc).filter(([key]) => isSettingKey(key)))}
                  lang={query.lang}
                  labels={labels}
                  notify={notify}
                  report={report}
                  onApply={(settings, kind) => changeMany(settings, `customConfig:${kind}`)}
                />
              ) : null}
            </>
          ) : null}
          {tab === "password" ? (
            <PasswordPanel book={book} labels={labels} notify={notify} onSaved={reloadPreview} />
          ) : null}
          {tab === "media" ? <p className="note">{labels.mediaHint}</p> : null}
          {tab === "pages" ? (
            <PagesPanel
              bookId={bookId}
              teamId={query.tid}
              labels={labels}
              notify={notify}
              report={report}
              messages={() => messageCatalogue.current}
              onEdited={() => {
                // A page edit is a new revision: the book (TOC, bookmarks, media items) and the preview are reloaded.
                setLoadRound((round) => round + 1);
                reloadPreview();
              }}
            />
          ) : null}
        </fieldset>
      </aside>
      <section className="preview" aria-label={labels.preview}>
        <div className="preview-bar">
          <fieldset className="segmented" aria-label={labels.preview}>
            {devicesFor(query.view).map((name) => (
              <button
                key={name}
                type="button"
                aria-pressed={device === name}
                className={device === name ? "active" : ""}
                onClick={() => switchDevice(name)}
              >
                {deviceText[name]}
              </button>
            ))}
          </fieldset>
          <div className="history-buttons">
            <button
              type="button"
              disabled={readOnly}
              onClick={() => step("undo")}
              className={steps.first ? "at-end" : ""}
              title={steps.first ? labels.firstStep : labels.undo}
            >
              ↶ {labels.undo}
            </button>
            <button
              type="button"
              disabled={readOnly}
              onClick={() => step("redo")}
              className={steps.last ? "at-end" : ""}
              title={steps.last ? labels.lastStep : labels.redo}
            >
              ↷ {labels.redo}
            </button>
          </div>
          <span
            className={`save-state save-${save.state}`}
            data-testid="save-state"
            data-state={save.state}
            data-guide="savePreview"
          >
            {save.unsaved && save.state !== "working" ? labels.unsaved : saveText[save.state]}
          </span>
          <button
            type="button"
            data-testid="open-statistics"
            onClick={() => navigate("/statistics", { num: book.number })}
          >
            {labels.statistics}
          </button>
          <button type="button" data-testid="open-leads" onClick={() => navigate("/leads", { num: book.number })}>
            {labels.leads}
          </button>
          <button type="button" className="primary" onClick={() => setSharing(true)}>
            {labels.share}
          </button>
        </div>
        {hint ? (
          <p className="preview-hint" role="note" data-testid="preview-hint" data-device={hint}>
            {hint === "phone" ? labels.hintPhone : labels.hintPc}
          </p>
        ) : null}
        {tab === "media" ? (
          <MediaEditor
            number={book.number}
            doc={doc}
            labels={labels}
            notify={notify}
            readOnly={readOnly}
            onChange={changeMany}
            onPreview={postPreview}
          />
        ) : null}
        <div className={`stage device-${device}`} hidden={tab === "media"}>
          <iframe
            key={previewVersion}
            ref={frame}
            name="bookEditIframe"
            title={labels.preview}
            data-ready={previewReady ? "true" : "false"}
            src={`/b/${encodeURIComponent(book.number)}${query.lang === "zh-CN" ? "" : `?lang=${query.lang}`}`}
          />
        </div>
      </section>
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
      {guiding ? <Guide labels={labels} chinese={chinese} onClose={closeGuide} onStep={openGuideTab} /> : null}
    </main>
  );
}
