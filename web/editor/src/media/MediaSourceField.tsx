import { useScreenServices } from "../screen-services.js";
import { FileSetting } from "../settings/FileSetting.js";
import { isVideoSite } from "./media-doc.js";
import { extensionsOf, maxBytesOf } from "./media-fields.js";

/**
 * A media item's file or address (a new item's and a placed video's or audio clip's): uploaded by the upload-file
 * rules of its kind (spec 000 §5), or a video site's address; a video's hint below.
 */
export function MediaSourceField({
  kind,
  value,
  onChange,
}: {
  kind: keyof typeof extensionsOf;
  value: string;
  onChange: (value: string) => void;
}) {
  const { labels } = useScreenServices();
  return (
    <>
      <label htmlFor="media-source">{labels.mediaAddress}</label>
      <FileSetting
        id="media-source"
        value={value}
        extensions={extensionsOf[kind]}
        maxBytes={maxBytesOf(kind)}
        purpose={kind}
        acceptsAddress={kind === "video" ? isVideoSite : undefined}
        onChange={onChange}
      />
      {kind === "video" ? <p className="note">{labels.mediaVideoHint}</p> : null}
    </>
  );
}
