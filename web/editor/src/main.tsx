import { lazy, type ReactNode, StrictMode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { createRoot } from "react-dom/client";
import { AlertDialog, type Modal } from "./alerts/Alerts.js";
import { loginNoticeMs, presentationOf } from "./alerts/alerts.js";
import {
  ApiError,
  call,
  callOptional,
  getJson,
  loginUrl,
  type ReadyConfig,
  setApiTexts,
  setRequestLanguage,
} from "./api.js";
import { ScreenBoundary } from "./common/ScreenBoundary.js";
import { Editor } from "./editor/Editor.js";
import { labelsFor } from "./labels.js";
import { interfaceLanguages } from "./languages.js";
import { untilImported } from "./retry.js";
import { basePath, hrefOf, pageTitle, queryOf, routeOf } from "./route.js";
import { ScreenServicesContext } from "./screen-services.js";
import { BatchUpload } from "./upload/BatchUpload.js";
import { Upload } from "./upload/Upload.js";
import "./styles.css";
import "./bookcase/topbar.css";
import type { Navigate, Notify, Ready, Report, ScreenServices, Toast } from "./types.js";

let toastId = 0;

// Statistics (with its charting library) and leads load only when opened.
// Screens whose code loads when first shown; imported again while their chunk does not arrive (retry.ts).
const StatisticsScreen = lazy(() => untilImported(() => import("./statistics/StatisticsScreen.js")));
const LeadsScreen = lazy(() => untilImported(() => import("./leads/LeadsScreen.js")));
const Bookcase = lazy(() => untilImported(() => import("./bookcase/Bookcase.js")));

function App() {
  const [location, setLocation] = useState(() => ({
    pathname: window.location.pathname,
    search: window.location.search,
  }));
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [modal, setModal] = useState<Modal | null>(null);
  const [ready, setReady] = useState<{ key: string; loaded?: Ready; error?: string } | null>(null);
  const [serviceLabels, setServiceLabels] = useState<{ lang: string; labels: Record<string, string> }>({
    lang: "",
    labels: {},
  });

  const route = routeOf(location.pathname);
  const query = queryOf(location.search);
  // Before any call of this render: the server's messages come back in the interface language.
  setRequestLanguage(query.lang);
  const labels = useMemo(
    () => labelsFor(query.lang, serviceLabels.lang === query.lang ? serviceLabels.labels : {}),
    [query.lang, serviceLabels],
  );
  // Spec 000 §8 fallbacks ('an error occurred', the network error) in the interface language.
  setApiTexts(labels);

  // Spec 001 §1 interface languages: the editor's texts in languages other than zh/en come from the language service.
  useEffect(() => {
    let live = true;
    fetch(`/api/language/labels?lang=${encodeURIComponent(query.lang)}&scope=editor`)
      .then(
        (response) => response.json() as Promise<{ data?: { labels?: Record<string, string>; direction?: string } }>,
      )
      .then(
        (reply) => {
          if (!live) return;
          setServiceLabels({ lang: query.lang, labels: reply.data?.labels ?? {} });
          document.documentElement.dir = reply.data?.direction === "rtl" ? "rtl" : "ltr";
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [query.lang]);

  const notify = useCallback<Notify>((text, kind = "info") => {
    const id = ++toastId;
    setToasts((shown) => [...shown, { id, text, kind }]);
    // Spec 000 §9: messages and error toasts go away after 5 seconds.
    setTimeout(() => setToasts((shown) => shown.filter((toast) => toast.id !== id)), 5000);
  }, []);

  // LOGIN_TIMEOUT / LOGIN_SIGNOUT: the server's message first, then the login page (once, however many calls fail).
  const leaving = useRef(false);
  const leaveForLogin = useCallback(
    (text: string) => {
      if (leaving.current) return;
      leaving.current = true;
      notify(text, "error");
      setTimeout(() => window.location.assign(loginUrl(window.location)), loginNoticeMs);
    },
    [notify],
  );

  // A ref, so that report keeps its identity when the language changes (screens reload on a new report).
  const networkText = useRef(labels.networkError);
  networkText.current = labels.networkError;
  const report = useCallback<Report>(
    (error) => {
      const shown = presentationOf(error);
      if (shown.kind === "login") leaveForLogin(shown.text);
      else if (shown.kind === "toast")
        notify(error instanceof ApiError && error.code === "NETWORK" ? networkText.current : shown.text, "error");
      else setModal(shown);
    },
    [notify, leaveForLogin],
  );

  const navigate = useCallback<Navigate>(
    (path, params = {}) => {
      window.history.pushState(null, "", hrefOf(path, params, query.lang));
      setLocation({ pathname: window.location.pathname, search: window.location.search });
    },
    [query.lang],
  );

  // What every screen and panel reads (useScreenServices), provided once around the app below.
  const services = useMemo<ScreenServices>(
    () => ({ labels, lang: query.lang, textLang: query.lang === "zh-CN" ? "zh" : "en", notify, report, navigate }),
    [labels, query.lang, notify, report, navigate],
  );

  useEffect(() => {
    const popped = () => setLocation({ pathname: window.location.pathname, search: window.location.search });
    window.addEventListener("popstate", popped);
    return () => window.removeEventListener("popstate", popped);
  }, []);

  // / → /upload and /create → /convert, keeping the query.
  useEffect(() => {
    if (!route.redirect) return;
    window.history.replaceState(null, "", `${basePath}${route.redirect}${location.search}`);
    setLocation({ pathname: window.location.pathname, search: window.location.search });
  }, [route.redirect, location.search]);

  useEffect(() => {
    document.title = pageTitle(labels[route.titleKey]);
    document.documentElement.lang = query.lang;
  }, [labels, route.titleKey, query.lang]);

  // Spec 000 §2: every route except Welcome loads the ready-config, the custom power and the power limits first;
  // LOGIN_SIGNOUT goes to the login page.
  const bookNumber = ["editor", "convert", "statistics", "leads"].includes(route.name) ? query.num : "";
  const readyKey = route.needsReadyConfig ? `${route.name}:${query.tid}:${query.fid}:${bookNumber}` : "";
  useEffect(() => {
    if (!readyKey || route.redirect) return;
    let live = true;
    Promise.all([
      call<ReadyConfig>("/api/book/get-ready-config", { teamId: query.tid, folderId: query.fid, number: bookNumber }),
      callOptional("/api/power/get-user-custom-config", { teamId: query.tid }),
      getJson("/resourceFiles/manage/power/powerConfig.json"),
    ]).then(
      ([config, customPower, powerLimits]) =>
        live && setReady({ key: readyKey, loaded: { config, customPower, powerLimits } }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.code === "LOGIN_SIGNOUT") {
          leaveForLogin(error.message);
          return;
        }
        setReady({ key: readyKey, error: error instanceof Error ? error.message : String(error) });
        report(error);
      },
    );
    return () => {
      live = false;
    };
  }, [readyKey, route.redirect, query.tid, query.fid, bookNumber, report, leaveForLogin]);

  // A screen whose code loads on demand: "loading" while it arrives, the network error if it never does.
  const onDemand = (screen: ReactNode) => (
    <ScreenBoundary key={route.name} failure={<p className="loading error-text">{labels.networkError}</p>}>
      <Suspense fallback={<p className="loading">{labels.loading}</p>}>{screen}</Suspense>
    </ScreenBoundary>
  );
  const content = (() => {
    if (route.redirect) return null;
    if (route.name === "welcome")
      return (
        <main className="welcome">
          <h1>{labels.welcome}</h1>
          <p>{labels.welcomeText}</p>
          <button type="button" className="primary" onClick={() => navigate("/upload")}>
            {labels.startUpload}
          </button>{" "}
          <button type="button" onClick={() => navigate("/bookcase")}>
            {labels.bookcase}
          </button>
        </main>
      );
    if (route.name === "notFound")
      return (
        <main className="welcome">
          <h1>{labels.notFound}</h1>
        </main>
      );
    if (!ready || ready.key !== readyKey) return <p className="loading">{labels.loading}</p>;
    if (!ready.loaded) return <p className="loading error-text">{ready.error}</p>;
    if (route.name === "upload") return <Upload mode="upload" bookId="" query={query} />;
    if (route.name === "convert")
      return <Upload mode="convert" bookId={query.num ? ready.loaded.config.bookId : ""} query={query} />;
    if (route.name === "batchUpload") return <BatchUpload query={query} />;
    if (route.name === "statistics")
      return onDemand(<StatisticsScreen config={query.num ? ready.loaded.config : null} number={query.num} />);
    if (route.name === "bookcase") return onDemand(<Bookcase search={location.search} query={query} />);
    if (route.name === "leads" && query.num)
      return onDemand(<LeadsScreen config={ready.loaded.config} number={query.num} />);
    if (!query.num) return <p className="loading error-text">{labels.noBook}</p>;
    return <Editor key={query.num} ready={ready.loaded} query={query} />;
  })();

  return (
    <ScreenServicesContext.Provider value={services}>
      <header className="topbar">
        <a className="brand" href={hrefOf("/upload", {}, query.lang)}>
          Turnleaf
        </a>
        <span className="topbar-title">{labels[route.titleKey]}</span>
        <nav className="topbar-links">
          <a
            href={hrefOf("/bookcase", {}, query.lang)}
            aria-current={route.name === "bookcase" ? "page" : undefined}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              navigate("/bookcase");
            }}
          >
            {labels.bookcase}
          </a>
        </nav>
        <label className="lang-switch">
          <span>{labels.language}</span>
          <select
            aria-label={labels.language}
            value={query.lang}
            onChange={(event) => {
              const params = new URLSearchParams(location.search);
              if (event.target.value === "zh-CN") params.delete("lang");
              else params.set("lang", event.target.value);
              const search = params.toString();
              window.history.replaceState(null, "", `${location.pathname}${search ? `?${search}` : ""}`);
              setLocation({ pathname: window.location.pathname, search: window.location.search });
            }}
          >
            {interfaceLanguages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </label>
      </header>
      {content}
      {modal ? (
        <AlertDialog modal={modal} onSupport={() => setModal({ kind: "supportQr" })} onClose={() => setModal(null)} />
      ) : null}
      <div className="toasts" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast toast-${toast.kind}`}
            role={toast.kind === "error" ? "alert" : "status"}
          >
            {toast.text}
          </div>
        ))}
      </div>
    </ScreenServicesContext.Provider>
  );
}

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
