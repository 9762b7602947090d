import { useLabels } from "../language/labels-context.js";
import { telephone } from "../phone/phone-numbers.js";
import type { ButtonName } from "../settings/types.js";
import { emailHref } from "../share/share.js";
import { ToolButton, ToolLink } from "./ToolButton.js";
import type { ToolPlacer } from "./tool-placement.js";
import type { ToolbarProps } from "./toolbar-props.js";

/** Download, print, sharing and contact, annotations, the business card, about and help. */
export function SharingTools({
  book,
  openDialog,
  annotations: [annotationsShown, setAnnotations],
  shareSubject,
  phoneNumbers,
  place: { tool, placed },
}: ToolbarProps & { place: ToolPlacer }) {
  const labels = useLabels();
  const settings = book.settings;
  const shown = (name: ButtonName, fallback = true) => settings.buttons[name] ?? fallback;
  const [onePhone] = phoneNumbers;
  return (
    <>
      {settings.download?.pdfUrl || settings.download?.allowSinglePage || settings.download?.attachments?.length ? (
        <ToolButton
          {...tool("download")}
          icon="download"
          label={labels.download}
          onClick={() => openDialog("download")}
        />
      ) : null}
      {settings.print ? (
        <ToolButton {...tool("print")} icon="print" label={labels.print} onClick={() => openDialog("print")} />
      ) : null}
      {shown("share") ? (
        <ToolButton {...tool("share")} icon="share" label={labels.share} onClick={() => openDialog("share")} />
      ) : null}
      {shown("wechat", false) ? (
        <ToolButton {...tool("wechat")} icon="wechat" label={labels.wechat} onClick={() => openDialog("wechat")} />
      ) : null}
      {shown("email", false) ? (
        <ToolLink {...tool("email")} icon="email" label={labels.email} href={emailHref(settings.email, shareSubject)} />
      ) : null}
      {shown("phone", false) && phoneNumbers.length > 0 ? (
        phoneNumbers.length === 1 && onePhone ? (
          <ToolLink
            {...tool("phone")}
            icon="phone"
            label={labels.phone}
            title={onePhone.number}
            href={`tel:${telephone(onePhone.number)}`}
          />
        ) : (
          <ToolButton {...tool("phone")} icon="phone" label={labels.phone} onClick={() => openDialog("phone")} />
        )
      ) : null}
      {shown("message", false) && window.location.protocol !== "file:" ? (
        <ToolButton
          {...tool("message")}
          icon="message"
          label={labels.messages}
          onClick={() => openDialog("messages")}
        />
      ) : null}
      {shown("annotation", false) ? (
        <ToolButton
          {...tool("annotation")}
          icon="annotation"
          label={labels.annotations}
          onClick={() => setAnnotations(!annotationsShown)}
          pressed={annotationsShown}
        />
      ) : null}
      {settings.businessCard ? (
        <ToolButton
          button="card"
          placed={placed("card")}
          icon="card"
          label={labels.businessCard}
          onClick={() => openDialog("card")}
        />
      ) : null}
      {shown("about", false) ? (
        <ToolButton {...tool("about")} icon="about" label={labels.about} onClick={() => openDialog("about")} />
      ) : null}
      {shown("help", settings.helpAtStart) ? (
        <ToolButton {...tool("help")} icon="help" label={labels.help} onClick={() => openDialog("help")} />
      ) : null}
    </>
  );
}
