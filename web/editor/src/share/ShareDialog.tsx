import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { call, replaceStatusOf } from "../api.js";
import { Dialog } from "../common/Dialog.js";
import { useScreenServices } from "../screen-services.js";

/**
 * Spec 000 §2 share dialog: copy the link, open it, manage it (the book on or off for readers, set-book-status),
 * its QR code, the embed code.
 */
export function ShareDialog({
  bookId,
  number,
  enabled,
  onClose,
  onManage,
}: {
  bookId: string;
  number: string;
  /** Whether readers can open the book now (bStatus 1). */
  enabled: boolean;
  onClose: () => void;
  /** Spec 001 'manage online books': the bookcase, where every book is managed (absent inside the bookcase). */
  onManage?: () => void;
}) {
  const { labels, notify, report } = useScreenServices();
  const [managing, setManaging] = useState(false);
  const [open, setOpen] = useState(enabled);
  const toggle = async () => {
    try {
      const reply = await call<{ status: string }>("/api/book/set-book-status", {
        bookId,
        status: open ? "disabled" : "enabled",
      });
      setOpen(replaceStatusOf(reply.status) === "normal");
    } catch (error) {
      report(error);
    }
  };
  const link = `${window.location.origin}/b/${encodeURIComponent(number)}`;
  const embed = `<iframe src="${link}" width="100%" height="600" style="border:0" allowfullscreen></iframe>`;
  const [qr, setQr] = useState("");

  useEffect(() => {
    QRCode.toDataURL(link, { margin: 2, width: 220 }).then(setQr, () => setQr(""));
  }, [link]);

  useEffect(() => {
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("keydown", closeOnEscape);
    return () => window.removeEventListener("keydown", closeOnEscape);
  }, [onClose]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      const field = document.getElementById("share-link") as HTMLInputElement | null;
      field?.select();
      document.execCommand("copy");
    }
    notify(labels.copySuccess);
  };

  return (
    <Dialog title={labels.share} close={{ label: labels.close, onClose }}>
      <div className="share-body">
        <div className="share-qr">{qr ? <img src={qr} alt={labels.qrCode} width={180} height={180} /> : null}</div>
        <div className="share-fields">
          <label className="field">
            <span>{labels.bookLink}</span>
            <input id="share-link" readOnly value={link} onFocus={(event) => event.target.select()} />
          </label>
          <div className="actions">
            <button type="button" className="primary" onClick={() => void copy()}>
              {labels.copyLink}
            </button>
            <a className="button" href={link} target="_blank" rel="noopener noreferrer">
              {labels.open}
            </a>
            <button type="button" aria-expanded={managing} onClick={() => setManaging(!managing)}>
              {labels.manage}
            </button>
          </div>
          {managing ? (
            <p className="manage" data-testid="share-manage" data-status={open ? "normal" : "disabled"}>
              <span className={open ? "status-normal" : "status-disabled"}>
                {open ? labels.statusNormal : labels.statusDisabled}
              </span>
              <button type="button" onClick={() => void toggle()}>
                {open ? labels.disableBook : labels.enableBook}
              </button>
              {onManage ? (
                <button type="button" className="link-button" onClick={onManage}>
                  {labels.manageInBookcase}
                </button>
              ) : null}
            </p>
          ) : null}
          <label className="field">
            <span>{labels.embedCode}</span>
            <textarea readOnly rows={3} value={embed} onFocus={(event) => event.target.select()} />
          </label>
        </div>
      </div>
    </Dialog>
  );
}
