import { useEffect, useRef, useState } from "react";
import { callMultipart } from "../api.js";
import { useScreenServices } from "../screen-services.js";
import {
  checkImage,
  checkSettingFile,
  compressImage,
  fileSettingExtensions,
  fileSettingMaxBytes,
  fillLabel,
  type ImageLimits,
  imageFactsOf,
} from "./file-limits.js";
import { measuredHere, typedLogoProblem, typedUrlTypeProblem } from "./typed-file-url.js";

/** POST /api/common/upload-file (multipart `file`): the stored file's URL; undefined while the path is missing. */
export async function uploadFile(file: Blob, name: string, purpose = ""): Promise<string | undefined> {
  const body = new FormData();
  body.set("file", file, name);
  if (purpose) body.set("purpose", purpose);
  const stored = await callMultipart<{ url?: string }>("/api/common/upload-file", body);
  return stored === undefined ? undefined : (stored.url ?? "");
}

/**
 * A file setting (spec 000 §5): a URL, or a chosen file checked against the extensions and 10 MB; images
 * over their limits follow the compress flow (GIF error; confirm; 'compressing...'; 'compression failed';
 * 'compression cancelled'), then go to upload-file and the setting takes the stored URL.
 */
export function FileSetting({
  id,
  value,
  extensions = fileSettingExtensions,
  maxBytes = fileSettingMaxBytes,
  imageLimits,
  purpose = "",
  logo,
  acceptsAddress,
  onChange,
}: {
  id: string;
  value: string;
  extensions?: readonly string[];
  maxBytes?: number;
  imageLimits?: ImageLimits;
  /** upload-file's purpose (image, logo, audio, video, attachment): the server's limits for it. */
  purpose?: string;
  /** A logo's rules (the brand configuration): the recommended size shown, an image no wider than 2 px refused. */
  logo?: {
    recommendedWidth: number;
    recommendedHeight: number;
    maxWidth: number;
    maxHeight: number;
    minWidthExclusive: number;
  };
  /** An address accepted whatever its extension (a video item's YouTube, Vimeo, Bilibili or Youku page). */
  acceptsAddress?: (url: string) => boolean;
  onChange: (value: string) => void;
}) {
  const { labels, notify } = useScreenServices();
  const [busy, setBusy] = useState<"" | "compressing" | "uploading">("");
  // A typed URL is committed when the field is left or Enter is pressed, after the file-setting checks; until
  // then it is only text (each keystroke is not a save). A refused URL goes back to the setting's value.
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  // Another site's logo is measured as the browser loads it, which may take seconds: an answer that comes after the
  // owner typed or committed again is dropped, or it would reset the newer text and show a stale refusal.
  const edits = useRef(0);
  const refuse = (problem: string) => {
    setTyped(value);
    notify(problem, "error");
  };
  const commit = () => {
    const edit = ++edits.current;
    const url = typed.trim();
    if (url === value) return;
    if (acceptsAddress?.(url)) return onChange(url);
    const wrongType = typedUrlTypeProblem(url, extensions, labels);
    if (wrongType) return refuse(wrongType);
    // Only another site's logo waits for the browser to load it; everything else commits at once.
    if (!measuredHere(url, logo)) return onChange(url);
    void typedLogoProblem(url, logo, labels).then((problem) => {
      if (edit !== edits.current) return;
      if (problem) refuse(problem);
      else onChange(url);
    });
  };

  const choose = async (chosen: File) => {
    const refused = checkSettingFile(chosen, extensions, maxBytes);
    if (refused?.reason === "type") return notify(`${labels.fileBadType}${extensions.join(", ")}`, "error");
    let file: Blob = chosen;
    if (chosen.type.startsWith("image/")) {
      const facts = await imageFactsOf(chosen);
      // Spec 000 §5: a logo counts only as an image wider than 2 px.
      if (logo && facts.width <= logo.minWidthExclusive) return notify(labels.logoTooNarrow, "error");
      const verdict = checkImage(facts, imageLimits, labels);
      if (!verdict.ok && verdict.gif) return notify(verdict.text, "error");
      if (!verdict.ok && !verdict.gif) {
        if (!window.confirm(verdict.text)) return notify(labels.compressCancelled);
        setBusy("compressing");
        try {
          file = await compressImage(chosen, verdict.fit, verdict.maxBytes);
        } catch {
          setBusy("");
          return notify(labels.compressFailed, "error");
        }
      }
    } else if (refused?.reason === "size") {
      return notify(`${labels.fileTooLarge} ${Math.round(maxBytes / 1048576)} MB`, "error");
    }
    setBusy("uploading");
    try {
      // A compressed picture is a JPEG now unless it stayed a PNG: its name says so (the server reads the type).
      const name =
        file !== chosen && file.type === "image/jpeg" ? chosen.name.replace(/\.[^.]+$/, ".jpg") : chosen.name;
      const url = await uploadFile(file, name, purpose || (chosen.type.startsWith("image/") ? "image" : ""));
      if (url === undefined) notify(labels.uploadUnavailable, "error");
      else if (url) onChange(url);
    } catch (error) {
      notify(error instanceof Error ? error.message : labels.uploadFailed, "error");
    } finally {
      setBusy("");
    }
  };

  return (
    <span className="file-setting">
      <input
        id={id}
        value={typed}
        onChange={(event) => {
          edits.current += 1;
          setTyped(event.target.value);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === "Enter") commit();
        }}
      />
      <label className="button file-button" data-busy={busy || undefined}>
        {busy === "compressing" ? labels.compressing : busy === "uploading" ? labels.uploading : labels.chooseFile}
        <input
          type="file"
          hidden
          disabled={busy !== ""}
          accept={extensions.map((extension) => `.${extension}`).join(",")}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            event.target.value = "";
            if (chosen) void choose(chosen);
          }}
        />
      </label>
      {logo ? (
        <small className="file-hint">
          {fillLabel(labels.logoRecommended, {
            width: logo.recommendedWidth,
            height: logo.recommendedHeight,
            maxWidth: logo.maxWidth,
            maxHeight: logo.maxHeight,
          })}
        </small>
      ) : null}
    </span>
  );
}
