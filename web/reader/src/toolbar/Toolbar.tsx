import { useState } from "react";
import { useLabels } from "../language/labels-context.js";
import { withAlpha } from "../settings/values.js";
import { MoreMenu } from "./MoreMenu.js";
import { ToolbarTools } from "./ToolbarTools.js";
import type { ToolbarProps } from "./toolbar-props.js";

/**
 * The toolbar: turning and going to pages, zoom, the side panels, auto flip, sound, magnifier, download, print,
 * sharing and contact, about and help, the language switcher, full screen — each as the book shows it, in the book's
 * mobile order on phones.
 */
export function Toolbar(props: ToolbarProps) {
  const { book, narrow } = props;
  const labels = useLabels();
  const settings = book.settings;
  const [moreOpen, setMoreOpen] = useState(false);
  return (
    <nav
      className="tl-toolbar"
      style={{ background: withAlpha(settings.toolbarColor, settings.toolbarAlpha), color: settings.iconColor }}
      aria-label={labels.reader}
    >
      {narrow ? (
        <>
          <ToolbarTools {...props} part="row" />
          <MoreMenu label={labels.more} open={moreOpen} setOpen={setMoreOpen}>
            <ToolbarTools {...props} part="menu" />
          </MoreMenu>
        </>
      ) : (
        <ToolbarTools {...props} part="all" />
      )}
    </nav>
  );
}
