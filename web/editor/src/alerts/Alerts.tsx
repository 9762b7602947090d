import QRCode from "qrcode";
import { useEffect, useState } from "react";
import { Dialog } from "../common/Dialog.js";
import { useScreenServices } from "../screen-services.js";
import { supportContact } from "./support-contact.js";

export type Modal =
  | { kind: "limit"; quota: "BOOK_FILE_NUM" | "PUB_BOOK_NUM"; text: string }
  | { kind: "support"; text: string }
  | { kind: "supportQr" };

/** The modal answers of spec 000 §6/§8: the limit alert, the 'contact support' confirm and the support QR image. */
export function AlertDialog({
  modal,
  onSupport,
  onClose,
}: {
  modal: Modal;
  onSupport: () => void;
  onClose: () => void;
}) {
  const { labels } = useScreenServices();
  const [qr, setQr] = useState({ contact: "", image: "" });
  useEffect(() => {
    if (modal.kind !== "supportQr") return;
    let live = true;
    // The deployment's support contact (SUPPORT_CONTACT), drawn as a QR code.
    supportContact()
      .then(async (contact) => ({ contact, image: await QRCode.toDataURL(contact, { margin: 2, width: 200 }) }))
      .then(
        (drawn) => live && setQr(drawn),
        () => live && setQr({ contact: "", image: "" }),
      );
    return () => {
      live = false;
    };
  }, [modal.kind]);

  const title =
    modal.kind === "limit" ? labels.limitAlert : modal.kind === "support" ? labels.contactSupport : labels.supportQr;
  return (
    <Dialog title={title} alert>
      {modal.kind === "limit" ? (
        <>
          <p className="alert-title">{modal.quota === "PUB_BOOK_NUM" ? labels.limitPublications : labels.limitBooks}</p>
          <p>{modal.text}</p>
        </>
      ) : null}
      {modal.kind === "support" ? <p>{modal.text}</p> : null}
      {modal.kind === "supportQr" ? (
        <div className="support-qr">
          {qr.image ? <img src={qr.image} alt={labels.supportQr} width={200} height={200} /> : null}
          <p>{labels.supportScan}</p>
          {qr.contact ? (
            <p className="support-contact" data-testid="support-contact">
              {qr.contact.replace(/^(mailto|tel):/, "")}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="actions">
        {modal.kind === "supportQr" ? (
          <button type="button" className="primary" onClick={onClose}>
            {labels.close}
          </button>
        ) : (
          <>
            <button type="button" className="primary" onClick={onSupport}>
              {labels.contactSupport}
            </button>
            {/* Spec 000 §6: either button opens the support QR image. */}
            <button type="button" onClick={onSupport}>
              {labels.cancel}
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}
