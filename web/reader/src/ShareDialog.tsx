import { useEffect, useRef, useState } from "react";
import type { Labels } from "./labels.js";

/** Share: the book's link (copy, open), a QR code of it and the embed code. The QR library loads only here. */
export function ShareDialog({
  url,
  title,
  labels,
  onClose,
}: {
  url: string;
  title: string;
  labels: Labels;
  onClose(): void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<"link" | "embed" | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const embed = `<iframe src="${url}" title="${title.replaceAll('"', "&quot;")}" width="100%" height="600" style="border:0" allowfullscreen></iframe>`;

  useEffect(() => {
    dialog.current?.showModal();
    let cancelled = false;
    import("qrcode").then(({ toDataURL }) =>
      toDataURL(url, { margin: 1, width: 220 }).then((data) => {
        if (!cancelled) setQr(data);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);

  const copy = async (what: "link" | "embed") => {
    await navigator.clipboard?.writeText(what === "link" ? url : embed).catch(() => undefined);
    setCopied(what);
  };

  return (
    <dialog ref={dialog} className="tl-dialog" aria-label={labels.share} onClose={onClose}>
      <header>
        <h2>{labels.share}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label={labels.close}>
          ×
        </button>
      </header>
      <label>
        {labels.link}
        <input readOnly value={url} onFocus={(event) => event.target.select()} />
      </label>
      <div className="tl-dialog-actions">
        <button type="button" onClick={() => copy("link")}>
          {copied === "link" ? labels.copied : labels.copyLink}
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {labels.openLink}
        </a>
      </div>
      {qr ? <img className="tl-qr" src={qr} width={220} height={220} alt={labels.qrCode} /> : null}
      <label>
        {labels.embedCode}
        <textarea readOnly rows={3} value={embed} onFocus={(event) => event.target.select()} />
      </label>
      <div className="tl-dialog-actions">
        <button type="button" onClick={() => copy("embed")}>
          {copied === "embed" ? labels.copied : labels.copyEmbed}
        </button>
      </div>
    </dialog>
  );
}
