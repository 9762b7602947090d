import { useState } from "react";
import { Dialog } from "../common/Dialog.js";
import { Segmented } from "../common/Segmented.js";
import { TextField } from "../common/TextField.js";
import { useScreenServices } from "../screen-services.js";
import { ApkFields } from "./ApkFields.js";
import { type ChosenIcon, IconField } from "./IconField.js";
import { type Format, jobStateText, packageRequest } from "./publish-request.js";
import { useApkInfo } from "./use-apk-info.js";
import { useCloseOnEscape } from "./use-close-on-escape.js";
import { useLaunchWindow } from "./use-launch-window.js";
import { usePublishJob } from "./use-publish-job.js";
import { WindowFields } from "./WindowFields.js";

/**
 * Spec 001 §3–§5 publish dialogs in the online editor (issue #37 item 4): the book as an offline HTML zip, a Windows
 * EXE (launch window maximised, maximised plus full-screen, or a custom width × height), a zipped macOS APP or a
 * signed Android APK (APK info: the cover as icon, name, application ID, version number, version name, a signature
 * of the account and its password). The server checks every rule and builds the package from the online book
 * (POST /api/publish/create-package); the dialog polls the job and offers the file.
 */
export function PublishDialog({ bookId, title, onClose }: { bookId: string; title: string; onClose: () => void }) {
  const { labels } = useScreenServices();
  const [format, setFormat] = useState<Format>("html");
  const [bookTitle, setBookTitle] = useState(title);
  const [icon, setIcon] = useState<ChosenIcon | undefined>();
  const launchWindow = useLaunchWindow();
  const { job, error, setError, busy, build, forget } = usePublishJob(labels);
  const apk = useApkInfo(format, bookId, title, setError);
  useCloseOnEscape(onClose);

  const formats: [Format, string][] = [
    ["html", labels.publishHtml],
    ["exe", labels.publishExe],
    ["app", labels.publishApp],
    ["apk", labels.publishApk],
  ];
  const request = () =>
    packageRequest({
      bookId,
      format,
      title: bookTitle,
      icon: icon?.base64,
      window: launchWindow,
      apk,
    });

  return (
    <Dialog title={labels.publishTitle} className="publish-dialog" close={{ label: labels.close, onClose }}>
      <div className="publish-body">
        <Segmented
          label={labels.publishFormat}
          options={formats}
          chosen={format}
          onChoose={(name) => {
            setFormat(name);
            forget();
          }}
          testIdOf={(name) => `publish-format-${name}`}
        />
        <TextField
          label={format === "app" ? labels.publishAppTitle : labels.publishBookTitle}
          testId="publish-title"
          value={bookTitle}
          maxLength={100}
          onChange={setBookTitle}
        />
        {format !== "html" ? <IconField icon={icon} onChoose={setIcon} /> : null}
        {format === "exe" || format === "app" ? <WindowFields launch={launchWindow} /> : null}
        {format === "apk" ? <ApkFields apk={apk} /> : null}
        {error ? (
          <p className="error-text" role="alert" data-testid="publish-error">
            {error}
          </p>
        ) : null}
        <p className="publish-state" data-testid="publish-state" data-state={job?.state ?? ""}>
          {jobStateText(job, labels)}
        </p>
        <div className="actions">
          <button
            type="button"
            className="primary"
            data-testid="publish-build"
            disabled={busy}
            onClick={() => build(request())}
          >
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
