import { useState } from "react";
import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";
import { FileSetting } from "../settings/FileSetting.js";
import { fileSettingMaxBytes } from "../settings/file-limits.js";
import type { KindSettingsProps } from "./item-settings-props.js";
import { imageExtensions } from "./media-doc.js";

/** A picture's or gallery's settings: its pictures (one at least), one more, and whether in a pop-up. */
export function PictureSettings({ item, set }: KindSettingsProps) {
  const { labels } = useScreenServices();
  const [picture, setPicture] = useState("");
  const images = item.images ?? [];
  return (
    <>
      <ul className="media-pictures" aria-label={labels.mediaPictures}>
        {images.map((image, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gallery may show one picture twice; its place is its identity
          <li key={`${index}-${image}`}>
            <img src={image} alt="" width={48} height={36} />
            <button
              type="button"
              aria-label={labels.mediaRemovePicture}
              disabled={images.length <= 1}
              onClick={() => set({ images: images.filter((_, at) => at !== index) })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor="media-picture">{labels.mediaAddImage}</label>
      <FileSetting
        id="media-picture"
        value={picture}
        extensions={imageExtensions}
        maxBytes={fileSettingMaxBytes}
        purpose="image"
        onChange={setPicture}
      />
      <button
        type="button"
        onClick={() => {
          const value = picture.trim();
          if (!value) return;
          set({ images: [...images, value] });
          setPicture("");
        }}
      >
        {labels.mediaApply}
      </button>
      <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
    </>
  );
}
