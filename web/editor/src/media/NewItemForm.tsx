import { useState } from "react";
import { useScreenServices } from "../screen-services.js";
import { MediaSourceField } from "./MediaSourceField.js";
import type { MediaItem, MediaKind } from "./media-doc.js";
import { sourceFields } from "./media-fields.js";

/** A new video, audio clip or picture: its file (upload-file, spec 000 §5 rules) or address, then placed. */
export function NewItemForm({
  kind,
  onPlace,
  onCancel,
}: {
  kind: MediaKind;
  onPlace: (kind: MediaKind, fields: Partial<MediaItem>) => void;
  onCancel: () => void;
}) {
  const { labels, notify } = useScreenServices();
  const [address, setAddress] = useState("");
  const source = kind === "video" || kind === "audio" || kind === "image" ? kind : "image";
  return (
    <form
      className="media-settings"
      data-testid="media-new"
      onSubmit={(event) => {
        event.preventDefault();
        const value = address.trim();
        if (!value) return notify(labels.noFile, "error");
        onPlace(kind, sourceFields(kind, value));
      }}
    >
      <h3>
        {kind === "video" ? labels.mediaAddVideo : kind === "audio" ? labels.mediaAddAudio : labels.mediaAddImage}
      </h3>
      <MediaSourceField kind={source} value={address} onChange={setAddress} />
      <div className="row">
        <button type="submit" className="primary">
          {labels.mediaPlace}
        </button>
        <button type="button" onClick={onCancel}>
          {labels.mediaCancel}
        </button>
      </div>
    </form>
  );
}
