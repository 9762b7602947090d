import { StrictMode, useCallback, useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { ApiError, call, loginUrl, type ReadyConfig } from "./api.js";
import { Editor } from "./Editor.js";
import { labelsFor } from "./labels.js";
import { basePath, hrefOf, pageTitle, queryOf, routeOf } from "./route.js";
import { Upload } from "./Upload.js";
import "./styles.css";
import type { Navigate, Notify, Toast } from "./types.js";

let toastId = 0;

function App() {
  const [location, setLocation] = useState(() => ({
    pathname: window.location.pathname,
    search: window.location.search,
  }));
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [ready, setReady] = useState<{ key: string; config?: ReadyConfig; error?: string } | null>(null);

  const route = routeOf(location.pathname);
  const query = queryOf(location.search);
  const labels = labelsFor(query.lang);

  const notify = useCallback<Notify>((text, kind = "info") => {
    const id = ++toastId;
    setToasts((shown) => [...shown, { id, text, kind }]);
    // Spec 000 §9: messages and error toasts go away after 5 seconds.
    setTimeout(() => setToasts((shown) => shown.filter((toast) => toast.id !== id)), 5000);
  }, []);

  const navigate = useCallback<Navigate>(
    (path, params = {}) => {
      window.history.pushState(null, "", hrefOf(path, params, query.lang));
      setLocation({ pathname: window.location.pathname, search: window.location.search });
    },
    [query.lang],
  );

  useEffect(() => {
    const popped = () => setLocation({ pathname: window.location.pathname, search: window.location.search });
    window.addEventListener("popstate", popped);
    return () => window.removeEventListener("popstate", popped);
  }, []);

  // / → /upload, keeping the query.
  useEffect(() => {
    if (!route.redirect) return;
    window.history.replaceState(null, "", `${basePath}${route.redirect}${location.search}`);
    setLocation({ pathname: window.location.pathname, search: window.location.search });
  }, [route.redirect, location.search]);

  useEffect(() => {
    document.title = pageTitle(labels[route.titleKey]);
    document.documentElement.lang = query.lang === "en" ? "en" : "zh";
  }, [labels, route.titleKey, query.lang]);

  // Spec 000 §2: every route except Welcome loads the ready-config first; LOGIN_SIGNOUT goes to the login page.
  const readyKey = route.needsReadyConfig
    ? `${route.name}:${query.tid}:${query.fid}:${route.name === "editor" ? query.num : ""}`
    : "";
  useEffect(() => {
    if (!readyKey || route.redirect) return;
    let live = true;
    call<ReadyConfig>("/api/book/get-ready-config", {
      teamId: query.tid,
      folderId: query.fid,
      number: route.name === "editor" ? query.num : "",
    }).then(
      (config) => live && setReady({ key: readyKey, config }),
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && error.code === "LOGIN_SIGNOUT") {
          window.location.assign(loginUrl(window.location));
          return;
        }
        const text = error instanceof Error ? error.message : String(error);
        setReady({ key: readyKey, error: text });
        notify(text, "error");
      },
    );
    return () => {
      live = false;
    };
  }, [readyKey, route.redirect, route.name, query.tid, query.fid, query.num, notify]);

  const content = useMemo(() => {
    if (route.redirect) return null;
    if (route.name === "welcome")
      return (
        <main className="welcome">
          <h1>{labels.welcome}</h1>
          <p>{labels.welcomeText}</p>
          <button type="button" className="primary" onClick={() => navigate("/upload")}>
            {labels.startUpload}
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
    if (!ready.config) return <p className="loading error-text">{ready.error}</p>;
    if (route.name === "upload") return <Upload labels={labels} query={query} notify={notify} navigate={navigate} />;
    if (!query.num) return <p className="loading error-text">{labels.noBook}</p>;
    return <Editor key={query.num} ready={ready.config} labels={labels} lang={query.lang} notify={notify} />;
  }, [route, ready, readyKey, labels, query, notify, navigate]);

  const otherLanguage = new URLSearchParams(location.search);
  if (query.lang === "en") otherLanguage.delete("lang");
  else otherLanguage.set("lang", "en");

  return (
    <>
      <header className="topbar">
        <a className="brand" href={hrefOf("/upload", {}, query.lang)}>
          Turnleaf
        </a>
        <span className="topbar-title">{labels[route.titleKey]}</span>
        <a className="lang-switch" href={`${location.pathname}?${otherLanguage.toString()}`}>
          {labels.language}
        </a>
      </header>
      {content}
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
    </>
  );
}

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
