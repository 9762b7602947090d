import { UnlockDialog } from "../access/UnlockDialog.js";
import type { ReaderBook } from "../book.js";
import { DownloadDialog } from "../download/DownloadDialog.js";
import { useLabels } from "../language/labels-context.js";
import { OptionalPart } from "../optional-part.js";
import { PhoneList } from "../phone/PhoneList.js";
import { PrintDialog } from "../print/PrintDialog.js";
import { ShareDialog } from "../share/ShareDialog.js";
import { InfoDialog } from "./InfoDialog.js";
import type { OpenDialog } from "./open-dialog.js";
import { QrCode } from "./QrCode.js";

// Only readers who open the messages load their dialog: it stays off the critical path.
// The business card is drawn only when a reader opens it: its code stays off the critical path.
const businessCardCode = () =>
  import("../business-card/BusinessCard.js").then((module) => ({ default: module.BusinessCard }));
const messagesDialogCode = () =>
  import("../messages/MessagesDialog.js").then((module) => ({ default: module.MessagesDialog }));

/** The open modal dialog: unlock, share, about, business card, help, phone numbers, messages, WeChat, download, print. */
export function Dialogs({
  dialog,
  onClose,
  book,
  link,
  bookLink,
  coverUrl,
  visiblePages,
  phoneNumbers,
  onUnlocked,
}: {
  dialog: OpenDialog | null;
  /** Stable: the print dialog closes itself after printing. */
  onClose(): void;
  book: ReaderBook;
  link: string;
  /** The book's address to share. */
  bookLink: string;
  coverUrl: string | undefined;
  visiblePages: number[];
  phoneNumbers: { label: string; number: string }[];
  onUnlocked(): Promise<void>;
}) {
  const labels = useLabels();
  const settings = book.settings;
  const kind = dialog?.kind;
  return (
    <>
      {kind === "unlock" && book.lock && book.lock.mode !== "lead" ? (
        <UnlockDialog link={link} lock={book.lock} onUnlocked={onUnlocked} onClose={onClose} />
      ) : null}
      {kind === "share" ? (
        <ShareDialog
          url={bookLink}
          title={book.title}
          onClose={onClose}
          region={settings.shareRegion}
          channels={settings.shareChannels}
          cover={coverUrl}
        />
      ) : null}
      {kind === "about" ? (
        <InfoDialog title={labels.about} onClose={onClose}>
          <p className="tl-about">{settings.aboutText || book.title}</p>
        </InfoDialog>
      ) : null}
      {kind === "card" && settings.businessCard ? (
        <InfoDialog title={labels.businessCard} onClose={onClose}>
          <OptionalPart
            code={businessCardCode}
            props={{ card: settings.businessCard, styleId: settings.cardStyle, linkTarget: settings.linkTarget }}
          />
        </InfoDialog>
      ) : null}
      {kind === "help" ? (
        <InfoDialog title={labels.help} onClose={onClose}>
          <p className="tl-help">{labels.helpText}</p>
        </InfoDialog>
      ) : null}
      {kind === "phone" ? (
        <InfoDialog title={labels.phone} onClose={onClose}>
          <PhoneList numbers={phoneNumbers} />
        </InfoDialog>
      ) : null}
      {kind === "messages" ? <OptionalPart code={messagesDialogCode} props={{ link, onClose }} /> : null}
      {kind === "wechat" ? (
        <InfoDialog title={labels.wechat} onClose={onClose}>
          <p>{labels.wechatScan}</p>
          <QrCode url={bookLink} alt={labels.qrCode} />
        </InfoDialog>
      ) : null}
      {kind === "download" && settings.download ? (
        <DownloadDialog book={book} visiblePages={visiblePages} onClose={onClose} />
      ) : null}
      {kind === "print" ? (
        <PrintDialog book={book} visiblePages={visiblePages} watermark={settings.printWatermark} onClose={onClose} />
      ) : null}
    </>
  );
}
