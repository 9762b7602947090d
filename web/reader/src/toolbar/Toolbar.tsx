import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import type { BookLanguage, ReaderBook } from "../book.js";
import { BrandMark } from "../brands/BrandMark.js";
import type { OpenDialog, Panel } from "../dialogs/open-dialog.js";
import { Icon } from "../icons.js";
import { LanguageSwitcher } from "../language/LanguageSwitcher.js";
import type { Labels } from "../language/labels.js";
import type { Navigation } from "../navigation/use-navigation.js";
import { telephone } from "../phone/phone-numbers.js";
import type { ButtonName } from "../settings/types.js";
import { withAlpha } from "../settings/values.js";
import { emailHref } from "../share/share.js";
import type { Zoom } from "../zoom/use-zoom.js";
import { phoneRow } from "./phone-row.js";
import { ToolButton, ToolLink } from "./ToolButton.js";

/** A toggle of the reader: its state and its setter. */
type Toggle = [boolean, (on: boolean) => void];

/**
 * The toolbar: turning and going to pages, zoom, the side panels, auto flip, sound, magnifier, download, print,
 * sharing and contact, about and help, the language switcher, full screen — each as the book shows it, in the book's
 * mobile order on phones.
 */
export function Toolbar({
  book,
  labels,
  narrow,
  navigation,
  atStart,
  atEnd,
  pageText,
  zoom,
  panel,
  togglePanel,
  openDialog,
  playing,
  muting,
  hasSound,
  magnifying,
  annotations,
  shareSubject,
  phoneNumbers,
  languages,
  lang,
  chooseLanguage,
}: {
  book: ReaderBook;
  labels: Labels;
  narrow: boolean;
  navigation: Navigation;
  atStart: boolean;
  atEnd: boolean;
  /** The current page's caption (its number unless the book captions it). */
  pageText: string;
  zoom: Zoom;
  panel: Panel | null;
  togglePanel(panel: Panel): void;
  openDialog(kind: OpenDialog["kind"]): void;
  playing: Toggle;
  muting: Toggle;
  hasSound: boolean;
  magnifying: Toggle;
  annotations: Toggle;
  shareSubject: { url: string; title: string; image: string | undefined };
  phoneNumbers: { label: string; number: string }[];
  languages: BookLanguage[];
  lang: string;
  chooseLanguage(code: string): void;
}) {
  const settings = book.settings;
  const pageCount = book.pages.length;
  const { history, goToPage, goInHistory, turn } = navigation;
  const { zoomIndex, setZoomIndex, levelCount } = zoom;
  const linkTarget = settings.linkTarget;
  const shown = (name: ButtonName, fallback = true) => settings.buttons[name] ?? fallback;
  // Phones follow the book's button order (buttonsSortXML); buttons it does not list keep their place after them.
  const orderOf = (name: ButtonName): CSSProperties | undefined => {
    if (!narrow || settings.mobileButtonOrder.length === 0) return undefined;
    const index = settings.mobileButtonOrder.indexOf(name);
    return { order: index < 0 ? settings.mobileButtonOrder.length + 1 : index };
  };
  // A phone's toolbar is one row: turning, the page number and the few tools phoneRow picks; the others are drawn
  // again inside "more", with their names. `at` says which of the two the tools are being drawn for.
  const row = phoneRow(settings.mobileButtonOrder);
  let at: "all" | "row" | "menu" = "all";
  const placed = (name: string) => at === "all" || (at === "row") === row.has(name);
  const tool = (name: ButtonName) => ({ button: name, style: orderOf(name), placed: placed(name) });
  const panelTool = (name: ButtonName, which: Panel) => ({
    ...tool(name),
    onClick: () => togglePanel(which),
    pressed: panel === which,
  });
  const [isPlaying, setPlaying] = playing;
  const [muted, setMuted] = muting;
  const [isMagnifying, setMagnifying] = magnifying;
  const [annotationsShown, setAnnotations] = annotations;
  const [onePhone] = phoneNumbers;
  const [moreOpen, setMoreOpen] = useState(false);
  const tools = (where: typeof at) => {
    at = where;
    return (
      <>
        {settings.brands.toolbar && where !== "menu" ? (
          <BrandMark brand={settings.brands.toolbar} slot="toolbar" linkTarget={linkTarget} />
        ) : null}
        {shown("home", false) ? (
          settings.homeUrl ? (
            <ToolLink {...tool("home")} icon="home" label={labels.home} href={settings.homeUrl} target={linkTarget} />
          ) : (
            <ToolButton {...tool("home")} icon="home" label={labels.home} onClick={() => goToPage(1)} />
          )
        ) : null}
        {shown("back", false) ? (
          <ToolButton
            {...tool("back")}
            icon="back"
            label={labels.back}
            onClick={() => goInHistory(-1)}
            disabled={history.at <= 0}
          />
        ) : null}
        {shown("forward", false) ? (
          <ToolButton
            {...tool("forward")}
            icon="forward"
            label={labels.forward}
            onClick={() => goInHistory(1)}
            disabled={history.at >= history.pages.length - 1}
          />
        ) : null}
        <ToolButton
          {...tool("first")}
          className="tl-wide-only"
          icon="first"
          label={labels.first}
          onClick={() => goToPage(1)}
          disabled={atStart}
        />
        <ToolButton
          {...tool("previous")}
          icon="previous"
          label={labels.previous}
          onClick={() => turn(false)}
          disabled={atStart}
        />
        {where !== "menu" ? (
          <span className="tl-page-number" aria-hidden="true" style={orderOf("next")}>
            {pageText} / {book.pageCount || pageCount}
          </span>
        ) : null}
        <ToolButton {...tool("next")} icon="next" label={labels.next} onClick={() => turn(true)} disabled={atEnd} />
        <ToolButton
          {...tool("last")}
          className="tl-wide-only"
          icon="last"
          label={labels.last}
          onClick={() => goToPage(pageCount)}
          disabled={atEnd}
        />
        {shown("zoom") ? (
          <>
            <ToolButton
              {...tool("zoom")}
              icon="zoomOut"
              label={labels.zoomOut}
              onClick={() => setZoomIndex((index) => Math.max(index - 1, 0))}
              disabled={zoomIndex === 0}
            />
            <ToolButton
              {...tool("zoom")}
              icon="zoomIn"
              label={labels.zoomIn}
              onClick={() => setZoomIndex((index) => Math.min(index + 1, levelCount - 1))}
              disabled={zoomIndex === levelCount - 1}
            />
          </>
        ) : null}
        {shown("contents") ? (
          <ToolButton
            {...panelTool("contents", "contents")}
            icon="contents"
            label={labels.contents}
            disabled={book.outline.length === 0}
          />
        ) : null}
        {shown("thumbnails") ? (
          <ToolButton {...panelTool("thumbnails", "thumbnails")} icon="thumbnails" label={labels.thumbnails} />
        ) : null}
        {shown("search") ? (
          <ToolButton
            {...panelTool("search", "search")}
            icon="search"
            label={labels.search}
            disabled={!book.searchUrl}
          />
        ) : null}
        {/* The text view offers the pages' text to copy: not for a book whose owner may not let readers copy it. */}
        {shown("selectText") ? (
          <ToolButton
            {...panelTool("selectText", "text")}
            icon="text"
            label={panel === "text" ? labels.bookView : labels.textView}
            disabled={!book.searchUrl}
          />
        ) : null}
        {shown("autoFlip") ? (
          <ToolButton
            {...tool("autoFlip")}
            icon={isPlaying ? "pause" : "play"}
            label={labels.autoFlip}
            onClick={() => setPlaying(!isPlaying)}
            pressed={isPlaying}
          />
        ) : null}
        {hasSound ? (
          <ToolButton
            {...tool("sound")}
            icon={muted ? "muted" : "sound"}
            label={labels.mute}
            onClick={() => setMuted(!muted)}
            pressed={muted}
          />
        ) : null}
        {settings.magnifier ? (
          <ToolButton
            {...tool("magnifier")}
            icon="magnifier"
            label={labels.magnifier}
            onClick={() => setMagnifying(!isMagnifying)}
            pressed={isMagnifying}
          />
        ) : null}
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
          <ToolLink
            {...tool("email")}
            icon="email"
            label={labels.email}
            href={emailHref(settings.email, shareSubject)}
          />
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
        {languages.length > 1 && where !== "row" ? (
          <LanguageSwitcher
            languages={languages}
            current={lang || (languages.find((language) => language.isDefault)?.code ?? "zh")}
            label={labels.language}
            onChange={chooseLanguage}
          />
        ) : null}
        {shown("fullscreen") ? (
          <ToolButton
            {...tool("fullscreen")}
            icon="fullscreen"
            label={labels.fullscreen}
            onClick={() =>
              document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
            }
          />
        ) : null}
      </>
    );
  };
  return (
    <nav
      className="tl-toolbar"
      style={{ background: withAlpha(settings.toolbarColor, settings.toolbarAlpha), color: settings.iconColor }}
      aria-label={labels.reader}
    >
      {narrow ? (
        <>
          {tools("row")}
          <MoreMenu label={labels.more} open={moreOpen} setOpen={setMoreOpen}>
            {tools("menu")}
          </MoreMenu>
        </>
      ) : (
        tools("all")
      )}
    </nav>
  );
}

/** A phone's "more" button and the tools it holds; choosing one (or clicking anywhere else) closes it. */
function MoreMenu({
  label,
  open,
  setOpen,
  children,
}: {
  label: string;
  open: boolean;
  setOpen(open: boolean): void;
  children: ReactNode;
}) {
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (!(event.target as Element | null)?.closest?.('[data-button="more"]')) setOpen(false);
    };
    document.addEventListener("click", close);
    return () => document.removeEventListener("click", close);
  }, [open, setOpen]);
  return (
    <div className="tl-more">
      <button
        type="button"
        data-button="more"
        aria-expanded={open}
        aria-label={label}
        title={label}
        onClick={() => setOpen(!open)}
      >
        <Icon name="more" />
      </button>
      <div className="tl-more-menu" hidden={!open}>
        {children}
      </div>
    </div>
  );
}
