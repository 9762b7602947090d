import { useState } from "react";
import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";
import type { KindSettingsProps } from "./item-settings-props.js";
import { MediaSourceField } from "./MediaSourceField.js";
import { sourceFields } from "./media-fields.js";

/** A video's or audio clip's settings: its file or address, autoplay, loop, and (a video) a pop-up. */
export function PlaySettings({ item, kind, set }: KindSettingsProps & { kind: "video" | "audio" }) {
  const { labels } = useScreenServices();
  const [source, setSource] = useState(kind === "video" ? (item.embedUrl ?? item.url ?? "") : (item.url ?? ""));
  return (
    <>
      <MediaSourceField kind={kind} value={source} onChange={setSource} />
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
