import { Check } from "../common/Check.js";
import { useScreenServices } from "../screen-services.js";
import { CommitField } from "./CommitField.js";
import { LinkSettings } from "./LinkSettings.js";
import type { MediaItem } from "./media-doc.js";
import { percentOf, withFields } from "./media-fields.js";
import { PictureSettings } from "./PictureSettings.js";
import { PlaySettings } from "./PlaySettings.js";

/** The chosen item's settings: what it shows or where it leads, how it plays, its title; delete. */
export function ItemSettings({
  item,
  pageCount,
  readOnly,
  onSave,
  onDelete,
}: {
  item: MediaItem;
  pageCount: number;
  readOnly: boolean;
  onSave: (item: MediaItem) => void;
  onDelete: () => void;
}) {
  const { labels } = useScreenServices();
  const set = (fields: Partial<MediaItem>) => onSave(withFields(item, fields));
  const kindProps = { item, set };
  return (
    <fieldset className="media-settings" data-testid="media-settings" disabled={readOnly}>
      <legend>
        {item.kind === "link"
          ? labels.mediaKindLink
          : item.kind === "video"
            ? labels.mediaKindVideo
            : item.kind === "audio"
              ? labels.mediaKindAudio
              : item.kind === "image"
                ? labels.mediaKindImage
                : labels.mediaKindNote}
        {item.origin === "pdf" ? ` (${labels.mediaFromPdf})` : ""}
      </legend>
      {item.kind === "link" ? <LinkSettings {...kindProps} pageCount={pageCount} /> : null}
      {item.kind === "video" || item.kind === "audio" ? <PlaySettings {...kindProps} kind={item.kind} /> : null}
      {item.kind === "image" ? <PictureSettings {...kindProps} /> : null}
      {item.kind === "note" ? (
        <>
          <CommitField
            id="media-note"
            label={labels.mediaNoteText}
            value={item.text ?? ""}
            multiline
            onCommit={(text) => set({ text })}
          />
          <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
        </>
      ) : (
        <CommitField
          id="media-title"
          label={labels.mediaTitle}
          value={item.text ?? ""}
          onCommit={(text) => set({ text: text || undefined })}
        />
      )}
      <p className="note" data-testid="media-box">
        {labels.mediaPosition}: {percentOf(item.x)}%, {percentOf(item.y)}% · {percentOf(item.width)}% ×{" "}
        {percentOf(item.height)}%
      </p>
      <button type="button" className="danger" onClick={onDelete}>
        {labels.mediaDelete}
      </button>
    </fieldset>
  );
}
