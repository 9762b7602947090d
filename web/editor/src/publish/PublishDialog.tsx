import { useEffect, useRef, useState } from "react";
import { call } from "../api.js";
import { Dialog } from "../common/Dialog.js";
import { Segmented } from "../common/Segmented.js";
import type { Labels } from "../labels.js";
import type { Notify } from "../types.js";
import { SignatureForm } from "./SignatureForm.js";

/**
 * Spec 001 §3–§5 publish dialogs in the online editor (issue #37 item 4): the book as an offline HTML zip, a Windows
 * EXE (launch window maximised, maximised plus full-screen, or a custom width × height), a zipped macOS APP or a
 * signed Android APK (APK info: the cover as icon, name, application ID, version number, version name, a signature
 * of the account and its password). The server checks every rule and builds the package from the online book
 * (POST /api/publish/create-package); the dialog polls the job and offers the file.
 */
type Format = "html" | "exe" | "app" | "apk";
type WindowMode = "maximized" | "fullscreen" | "custom";

interface Job {
  jobId: string;
  state: "queued" | "building" | "ready" | "failed";
  fileName?: string;
  bytes?: number;
  download?: string;
  error?: string;
}

interface SignatureView {
  name: string;
  validUntil: string;
}

const pollMs = 1000;

export function PublishDialog({
  bookId,
  title,
  labels,
  notify,
  onClose,
}: {
  bookId: string;
  title: string;
  labels: Labels;
  notify: Notify;
  onClose: () => void;
}) {
  const [format, setFormat] = useState<Format>("html");
  const [bookTitle, setBookTitle] = useState(title);
  /** The chosen icon picture: its bytes in base64 and a preview; none: the server uses the book's cover. */
  const [icon, setIcon] = useState<{ base64: string; preview: string } | undefined>();
  const [windowMode, setWindowMode] = useState<WindowMode>("maximized");
  const [width, setWidth] = useState("1280");
  const [height, setHeight] = useState("800");
  const [appName, setAppName] = useState(title);
  const [appId, setAppId] = useState("");
  const [versionCode, setVersionCode] = useState("1");
  const [versionName, setVersionName] = useState("1.0");
  const [idLocked, setIdLocked] = useState(false);
  const [signatures, setSignatures] = useState<SignatureView[]>([]);
  const [signature, setSignature] = useState("");
  const [password, setPassword] = useState("");
  const [creating, setCreating] = useState(false);
  const [job, setJob] = useState<Job | undefined>();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  const loadSignatures = async (chosen?: string) => {
    const reply = await call<{ signatures: SignatureView[] }>("/api/signature/get-signature-list");
    setSignatures(reply.signatures);
    setSignature((current) => chosen ?? (current || reply.signatures[0]?.name || ""));
  };

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);

  // The job is followed until the dialog closes, not until the editor re-renders (a new onClose each render).
  useEffect(() => () => window.clearTimeout(timer.current), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loaded once per switch to APK
  useEffect(() => {
    if (format !== "apk") return;
    loadSignatures().catch((caught: unknown) => setError((caught as Error).message));
    // An update of the book's APK keeps its ID and takes the next version number (spec 001 §5).
    call<{ last: { applicationId: string; name: string } | null; nextVersionCode: number }>(
      "/api/publish/get-apk-release",
      { bookId },
    ).then(
      (reply) => {
        setVersionCode(String(reply.nextVersionCode));
        if (reply.last) {
          setAppId(reply.last.applicationId);
          setAppName(reply.last.name);
          setIdLocked(true);
        }
      },
      (caught: unknown) => setError((caught as Error).message),
    );
  }, [format, bookId]);

  const follow = (jobId: string) => {
    timer.current = window.setTimeout(async () => {
      try {
        const reply = await call<{ job: Job }>("/api/publish/get-package", { jobId });
        setJob(reply.job);
        if (reply.job.state === "queued" || reply.job.state === "building") follow(jobId);
        else setBusy(false);
        if (reply.job.state === "failed") setError(reply.job.error ?? labels.publishFailed);
      } catch (caught) {
        setBusy(false);
        setError((caught as Error).message);
      }
    }, pollMs);
  };

  const build = async () => {
    setError("");
    setJob(undefined);
    setBusy(true);
    try {
      const reply = await call<{ job: Job }>("/api/publish/create-package", {
        bookId,
        format,
        title: bookTitle,
        ...(format !== "html" && icon ? { icon: icon.base64 } : {}),
        ...(format === "exe" || format === "app"
          ? { window: windowMode, ...(windowMode === "custom" ? { width, height } : {}) }
          : {}),
        ...(format === "apk"
          ? { appName, appId, versionCode, versionName, signature, signaturePassword: password }
          : {}),
      });
      setJob(reply.job);
      follow(reply.job.jobId);
    } catch (caught) {
      setBusy(false);
      setError((caught as Error).message);
    }
  };

  const formats: [Format, string][] = [
    ["html", labels.publishHtml],
    ["exe", labels.publishExe],
    ["app", labels.publishApp],
    ["apk", labels.publishApk],
  ];
  const stateText = job
    ? {
        queued: labels.queued,
        building: labels.publishBuilding,
        ready: labels.publishReady,
        failed: labels.publishFailed,
      }[job.state]
    : "";

  return (
    <Dialog title={labels.publishTitle} className="publish-dialog" close={{ label: labels.close, onClose }}>
      <div className="publish-body">
        <Segmented
          label={labels.publishFormat}
          options={formats}
          chosen={format}
          onChoose={(name) => {
            setFormat(name);
            setJob(undefined);
            setError("");
          }}
          testIdOf={(name) => `publish-format-${name}`}
        />
        <label>
          {format === "apk"
            ? labels.publishBookTitle
            : format === "app"
              ? labels.publishAppTitle
              : labels.publishBookTitle}
          <input
            data-testid="publish-title"
            value={bookTitle}
            maxLength={100}
            onChange={(event) => setBookTitle(event.target.value)}
          />
        </label>
        {format !== "html" ? (
          <label>
            {labels.publishIcon}
            <input
              type="file"
              accept="image/png,image/jpeg"
              data-testid="publish-icon"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return setIcon(undefined);
                const reader = new FileReader();
                reader.onload = () => {
                  const preview = String(reader.result);
                  setIcon({ base64: preview.slice(preview.indexOf(",") + 1), preview });
                };
                reader.readAsDataURL(file);
              }}
            />
            {icon ? <img src={icon.preview} alt="" width={48} height={48} data-testid="publish-icon-preview" /> : null}
          </label>
        ) : null}
        {format === "exe" || format === "app" ? (
          <fieldset className="publish-window">
            <legend>{labels.publishWindow}</legend>
            {(
              [
                ["maximized", labels.publishWindowMaximized],
                ["fullscreen", labels.publishWindowFullscreen],
                ["custom", labels.publishWindowCustom],
              ] as [WindowMode, string][]
            ).map(([mode, text]) => (
              <label key={mode} className="inline">
                <input
                  type="radio"
                  name="publish-window"
                  data-testid={`publish-window-${mode}`}
                  checked={windowMode === mode}
                  onChange={() => setWindowMode(mode)}
                />
                {text}
              </label>
            ))}
            {windowMode === "custom" ? (
              <span className="publish-size">
                <label>
                  {labels.publishWidth}
                  <input
                    data-testid="publish-width"
                    inputMode="numeric"
                    value={width}
                    onChange={(event) => setWidth(event.target.value)}
                  />
                </label>
                <label>
                  {labels.publishHeight}
                  <input
                    data-testid="publish-height"
                    inputMode="numeric"
                    value={height}
                    onChange={(event) => setHeight(event.target.value)}
                  />
                </label>
              </span>
            ) : null}
          </fieldset>
        ) : null}
        {format === "apk" ? (
          <fieldset className="publish-apk">
            <legend>{labels.publishApkInfo}</legend>
            <label>
              {labels.publishAppName}
              <input
                data-testid="publish-app-name"
                value={appName}
                maxLength={100}
                onChange={(event) => setAppName(event.target.value)}
              />
            </label>
            <label>
              {labels.publishAppId}
              <input
                data-testid="publish-app-id"
                value={appId}
                placeholder="com.example.book"
                readOnly={idLocked}
                maxLength={100}
                onChange={(event) => setAppId(event.target.value)}
              />
            </label>
            <p className="hint">{labels.publishAppIdHint}</p>
            <label>
              {labels.publishVersionCode}
              <input
                data-testid="publish-version-code"
                inputMode="numeric"
                value={versionCode}
                onChange={(event) => setVersionCode(event.target.value)}
              />
            </label>
            <label>
              {labels.publishVersionName}
              <input
                data-testid="publish-version-name"
                value={versionName}
                maxLength={100}
                onChange={(event) => setVersionName(event.target.value)}
              />
            </label>
            <label>
              {labels.publishSignature}
              <select
                data-testid="publish-signature"
                value={signature}
                onChange={(event) => setSignature(event.target.value)}
              >
                {signatures.length === 0 ? <option value="">{labels.publishNoSignature}</option> : null}
                {signatures.map((item) => (
                  <option key={item.name} value={item.name}>
                    {item.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {labels.publishSignaturePassword}
              <input
                type="password"
                data-testid="publish-signature-password"
                value={password}
                autoComplete="off"
                onChange={(event) => setPassword(event.target.value)}
              />
            </label>
            {creating ? (
              <SignatureForm
                labels={labels}
                onCreated={async (name) => {
                  setCreating(false);
                  notify(labels.signatureCreated);
                  await loadSignatures(name);
                }}
                onCancel={() => setCreating(false)}
              />
            ) : (
              <button
                type="button"
                className="link-button"
                data-testid="publish-new-signature"
                onClick={() => setCreating(true)}
              >
                {labels.signatureCreate}
              </button>
            )}
          </fieldset>
        ) : null}
        {error ? (
          <p className="error-text" role="alert" data-testid="publish-error">
            {error}
          </p>
        ) : null}
        <p className="publish-state" data-testid="publish-state" data-state={job?.state ?? ""}>
          {stateText}
        </p>
        <div className="actions">
          <button type="button" className="primary" data-testid="publish-build" disabled={busy} onClick={build}>
            {labels.publishBuild}
          </button>
          {job?.state === "ready" && job.download ? (
            <a className="button" data-testid="publish-download" href={job.download} download={job.fileName}>
              {labels.publishDownload} {job.fileName}
            </a>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
