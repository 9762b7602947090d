import { useState } from "react";
import { Check } from "../common/Check.js";
import type { Labels } from "../labels.js";
import { FileSetting } from "../settings/FileSetting.js";
import { fileSettingMaxBytes } from "../settings/file-limits.js";
import type { Notify } from "../types.js";
import {
  audioExtensions,
  imageExtensions,
  isVideoSite,
  type MediaItem,
  type MediaKind,
  videoExtensions,
} from "./media-doc.js";

const extensionsOf: Record<"video" | "audio" | "image", readonly string[]> = {
  video: videoExtensions,
  audio: audioExtensions,
  image: imageExtensions,
};

/** The fields a source address gives an item: a video site's page goes to embedUrl, a picture to images. */
/**
 * Videos may exceed the file setting's 10 MB up to the book service's MEDIA_VIDEO_MAX_BYTES, which only the server
 * knows: it judges their size and its refusal is shown; every other file keeps the 10 MB check before sending.
 */
const maxBytesOf = (kind: string): number => (kind === "video" ? Number.POSITIVE_INFINITY : fileSettingMaxBytes);

function sourceFields(kind: MediaKind, address: string): Partial<MediaItem> {
  if (kind === "image") return { images: [address] };
  if (kind === "video" && isVideoSite(address)) return { embedUrl: address, url: undefined };
  return { url: address, embedUrl: undefined };
}

/** A new video, audio clip or picture: its file (upload-file, spec 000 §5 rules) or address, then placed. */
export function NewItemForm({
  kind,
  labels,
  notify,
  onPlace,
  onCancel,
}: {
  kind: MediaKind;
  labels: Labels;
  notify: Notify;
  onPlace: (kind: MediaKind, fields: Partial<MediaItem>) => void;
  onCancel: () => void;
}) {
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
      <label htmlFor="media-source">{labels.mediaAddress}</label>
      <FileSetting
        id="media-source"
        value={address}
        labels={labels}
        extensions={extensionsOf[source]}
        maxBytes={maxBytesOf(source)}
        purpose={source}
        acceptsAddress={kind === "video" ? isVideoSite : undefined}
        notify={notify}
        onChange={setAddress}
      />
      {kind === "video" ? <p className="note">{labels.mediaVideoHint}</p> : null}
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

/** One text field committed on blur or Enter (each keystroke is not a server write). */
function CommitField({
  id,
  label,
  value,
  multiline = false,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  multiline?: boolean;
  onCommit: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const commit = () => {
    if (text !== value) onCommit(text);
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea id={id} value={text} rows={4} onChange={(event) => setText(event.target.value)} onBlur={commit} />
      ) : (
        <input
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
          }}
        />
      )}
    </>
  );
}

/** The chosen item's settings: what it shows or where it leads, how it plays, its title; delete. */
export function ItemSettings({
  item,
  pageCount,
  labels,
  notify,
  readOnly,
  onSave,
  onDelete,
}: {
  item: MediaItem;
  pageCount: number;
  labels: Labels;
  notify: Notify;
  readOnly: boolean;
  onSave: (item: MediaItem) => void;
  onDelete: () => void;
}) {
  const set = (fields: Partial<MediaItem>) => {
    const next: MediaItem = { ...item, ...fields };
    for (const key of Object.keys(next) as (keyof MediaItem)[]) if (next[key] === undefined) delete next[key];
    onSave(next);
  };
  const [linkMode, setLinkMode] = useState<"page" | "url">(item.url ? "url" : "page");
  const [source, setSource] = useState(item.kind === "video" ? (item.embedUrl ?? item.url ?? "") : (item.url ?? ""));
  const [picture, setPicture] = useState("");
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
      {item.kind === "link" ? (
        <>
          <div className="row" role="radiogroup" aria-label={labels.mediaKindLink}>
            <label className="check">
              <input type="radio" checked={linkMode === "page"} onChange={() => setLinkMode("page")} />{" "}
              {labels.mediaLinkPage}
            </label>
            <label className="check">
              <input type="radio" checked={linkMode === "url"} onChange={() => setLinkMode("url")} />{" "}
              {labels.mediaLinkUrl}
            </label>
          </div>
          {linkMode === "page" ? (
            <CommitField
              id="media-target-page"
              label={labels.mediaLinkPage}
              value={String(item.targetPage ?? "")}
              onCommit={(text) => {
                const target = Number(text);
                if (!Number.isInteger(target) || target < 1 || (pageCount > 0 && target > pageCount))
                  return notify(`${labels.mediaPage} 1–${pageCount}`, "error");
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
                if (!/^https?:\/\/\S+$/i.test(value)) return notify(labels.mediaBadUrl, "error");
                set({ url: value, targetPage: undefined });
              }}
            />
          )}
          <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
        </>
      ) : null}
      {item.kind === "video" || item.kind === "audio" ? (
        <>
          <label htmlFor="media-source">{labels.mediaAddress}</label>
          <FileSetting
            id="media-source"
            value={source}
            labels={labels}
            extensions={extensionsOf[item.kind]}
            maxBytes={maxBytesOf(item.kind)}
            purpose={item.kind}
            acceptsAddress={item.kind === "video" ? isVideoSite : undefined}
            notify={notify}
            onChange={setSource}
          />
          {item.kind === "video" ? <p className="note">{labels.mediaVideoHint}</p> : null}
          <button
            type="button"
            onClick={() => {
              const value = source.trim();
              if (value) set(sourceFields(item.kind, value));
            }}
          >
            {labels.mediaApply}
          </button>
          <Check
            label={labels.mediaAutoplay}
            checked={Boolean(item.autoplay)}
            onChange={(autoplay) => set({ autoplay })}
          />
          <Check label={labels.mediaLoop} checked={Boolean(item.loop)} onChange={(loop) => set({ loop })} />
          {item.kind === "video" ? (
            <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
          ) : null}
        </>
      ) : null}
      {item.kind === "image" ? (
        <>
          <ul className="media-pictures" aria-label={labels.mediaPictures}>
            {(item.images ?? []).map((image, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gallery may show one picture twice; its place is its identity
              <li key={`${index}-${image}`}>
                <img src={image} alt="" width={48} height={36} />
                <button
                  type="button"
                  aria-label={labels.mediaRemovePicture}
                  disabled={(item.images ?? []).length <= 1}
                  onClick={() => set({ images: (item.images ?? []).filter((_, at) => at !== index) })}
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
            labels={labels}
            extensions={imageExtensions}
            maxBytes={fileSettingMaxBytes}
            purpose="image"
            notify={notify}
            onChange={setPicture}
          />
          <button
            type="button"
            onClick={() => {
              const value = picture.trim();
              if (!value) return;
              set({ images: [...(item.images ?? []), value] });
              setPicture("");
            }}
          >
            {labels.mediaApply}
          </button>
          <Check label={labels.mediaPopup} checked={Boolean(item.popup)} onChange={(popup) => set({ popup })} />
        </>
      ) : null}
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
        {labels.mediaPosition}: {Math.round(item.x * 1000) / 10}%, {Math.round(item.y * 1000) / 10}% ·{" "}
        {Math.round(item.width * 1000) / 10}% × {Math.round(item.height * 1000) / 10}%
      </p>
      <button type="button" className="danger" onClick={onDelete}>
        {labels.mediaDelete}
      </button>
    </fieldset>
  );
}
