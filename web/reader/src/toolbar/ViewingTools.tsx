import type { Panel } from "../dialogs/open-dialog.js";
import { useLabels } from "../language/labels-context.js";
import type { ButtonName } from "../settings/types.js";
import { ToolButton } from "./ToolButton.js";
import type { ToolPlacer } from "./tool-placement.js";
import type { ToolbarProps } from "./toolbar-props.js";

/** Zoom, the side panels (contents, thumbnails, search, text view), auto flip, sound and the magnifier. */
export function ViewingTools({
  book,
  zoom,
  panel,
  togglePanel,
  playing: [isPlaying, setPlaying],
  muting: [muted, setMuted],
  hasSound,
  magnifying: [isMagnifying, setMagnifying],
  place: { tool },
}: ToolbarProps & { place: ToolPlacer }) {
  const labels = useLabels();
  const settings = book.settings;
  const { zoomIndex, setZoomIndex, levelCount } = zoom;
  const shown = (name: ButtonName) => settings.buttons[name] ?? true;
  const panelTool = (name: ButtonName, which: Panel) => ({
    ...tool(name),
    onClick: () => togglePanel(which),
    pressed: panel === which,
  });
  return (
    <>
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
        <ToolButton {...panelTool("search", "search")} icon="search" label={labels.search} disabled={!book.searchUrl} />
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
    </>
  );
}
