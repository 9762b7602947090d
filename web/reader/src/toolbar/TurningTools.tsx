import { useLabels } from "../language/labels-context.js";
import { ToolButton, ToolLink } from "./ToolButton.js";
import type { ToolPlacer } from "./tool-placement.js";
import type { ToolbarProps } from "./toolbar-props.js";

/** Home, back and forward through the pages visited, first, previous, the page number, next and last. */
export function TurningTools({
  book,
  navigation,
  atStart,
  atEnd,
  pageText,
  place,
}: ToolbarProps & { place: ToolPlacer }) {
  const labels = useLabels();
  const settings = book.settings;
  const pageCount = book.pages.length;
  const { history, goToPage, goInHistory, turn } = navigation;
  const shown = (name: "home" | "back" | "forward") => settings.buttons[name] ?? false;
  const { tool } = place;
  return (
    <>
      {shown("home") ? (
        settings.homeUrl ? (
          <ToolLink
            {...tool("home")}
            icon="home"
            label={labels.home}
            href={settings.homeUrl}
            target={settings.linkTarget}
          />
        ) : (
          <ToolButton {...tool("home")} icon="home" label={labels.home} onClick={() => goToPage(1)} />
        )
      ) : null}
      {shown("back") ? (
        <ToolButton
          {...tool("back")}
          icon="back"
          label={labels.back}
          onClick={() => goInHistory(-1)}
          disabled={history.at <= 0}
        />
      ) : null}
      {shown("forward") ? (
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
      {place.part !== "menu" ? (
        <span className="tl-page-number" aria-hidden="true" style={place.orderOf("next")}>
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
    </>
  );
}
