import { useState } from "react";
import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";
import { CommitField } from "./CommitField.js";
import type { KindSettingsProps } from "./item-settings-props.js";
import { isWebAddress, targetPageOf } from "./media-fields.js";

/** A link's settings: the page it turns to or the web address it opens, and whether in a pop-up. */
export function LinkSettings({ item, pageCount, set }: KindSettingsProps & { pageCount: number }) {
  const { labels, notify } = useScreenServices();
  const [linkMode, setLinkMode] = useState<"page" | "url">(item.url ? "url" : "page");
  return (
    <>
      <div className="row" role="radiogroup" aria-label={labels.mediaKindLink}>
        <label className="check">
          <input type="radio" checked={linkMode === "page"} onChange={() => setLinkMode("page")} />{" "}
          {labels.mediaLinkPage}
        </label>
        <label className="check">
          <input type="radio" checked={linkMode === "url"} onChange={() => setLinkMode("url")} /> {labels.mediaLinkUrl}
        </label>
      </div>
      {linkMode === "page" ? (
        <CommitField
          id="media-target-page"
          label={labels.mediaLinkPage}
          value={String(item.targetPage ?? "")}
          onCommit={(text) => {
            const target = targetPageOf(text, pageCount);
            if (target === undefined) return notify(`${labels.mediaPage} 1–${pageCount}`, "error");
            set({ targetPage: target, url: undefined });
          }}
        />
      ) : (
        <CommitField
          id="media-url"
          label={labels.mediaLinkUrl}
          value={item.url ?? ""}
          onCommit={(text) => {
            const value = text.trim();
            if (!isWebAddress(value)) return notify(labels.mediaBadUrl, "error");
            set({ url: value, targetPage: undefined });
          }}
        />
      )}
      <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
    </>
  );
}
