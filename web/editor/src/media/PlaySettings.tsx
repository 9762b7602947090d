import { useState } from "react";
import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";
import { FileSetting } from "../settings/FileSetting.js";
import type { KindSettingsProps } from "./item-settings-props.js";
import { isVideoSite } from "./media-doc.js";
import { extensionsOf, maxBytesOf, sourceFields } from "./media-fields.js";

/** A video's or audio clip's settings: its file or address, autoplay, loop, and (a video) a pop-up. */
export function PlaySettings({ item, kind, set }: KindSettingsProps & { kind: "video" | "audio" }) {
  const { labels } = useScreenServices();
  const [source, setSource] = useState(kind === "video" ? (item.embedUrl ?? item.url ?? "") : (item.url ?? ""));
  return (
    <>
      <label htmlFor="media-source">{labels.mediaAddress}</label>
      <FileSetting
        id="media-source"
        value={source}
        extensions={extensionsOf[kind]}
        maxBytes={maxBytesOf(kind)}
        purpose={kind}
        acceptsAddress={kind === "video" ? isVideoSite : undefined}
        onChange={setSource}
      />
      {kind === "video" ? <p className="note">{labels.mediaVideoHint}</p> : null}
      <button
        type="button"
        onClick={() => {
          const value = source.trim();
          if (value) set(sourceFields(kind, value));
        }}
      >
        {labels.mediaApply}
      </button>
      <Check label={labels.mediaAutoplay} checked={Boolean(item.autoplay)} onChange={(autoplay) => set({ autoplay })} />
      <Check label={labels.mediaLoop} checked={Boolean(item.loop)} onChange={(loop) => set({ loop })} />
      {kind === "video" ? (
        <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
      ) : null}
    </>
  );
}
