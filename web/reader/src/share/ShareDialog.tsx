import { useEffect, useRef, useState } from "react";
import { useLabels } from "../language/labels-context.js";
import { channelsFor, type Region, type ShareChannel, shareTarget } from "./share.js";

/** A poster to save and post: the cover, the title and the link's QR code on one picture. */
async function drawPoster(cover: string | undefined, title: string, qr: string): Promise<string> {
  const load = (src: string) =>
    new Promise<HTMLImageElement>((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve(image);
      image.onerror = reject;
      image.src = src;
    });
  const canvas = document.createElement("canvas");
  canvas.width = 600;
  canvas.height = 900;
  const context = canvas.getContext("2d");
  if (!context) return "";
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, 600, 900);
  const picture = cover ? await load(cover).catch(() => null) : null;
  if (picture) {
    const scale = Math.min(520 / picture.width, 520 / picture.height);
    const width = picture.width * scale;
    context.drawImage(picture, (600 - width) / 2, 40, width, picture.height * scale);
  }
  context.fillStyle = "#20242b";
  context.font = "bold 28px system-ui, sans-serif";
  context.textAlign = "center";
  context.fillText(title.slice(0, 36), 300, 610);
  context.drawImage(await load(qr), 220, 650, 160, 160);
  return canvas.toDataURL("image/png");
}

/** Share: the book's link (copy, open), a QR code of it and the embed code. The QR library loads only here. */
export function ShareDialog({
  url,
  title,
  onClose,
  region = 2,
  channels = [],
  cover,
}: {
  url: string;
  title: string;
  onClose(): void;
  /** Spec 000 §3: the book's share region (0 China, 1 global, 2 all) and chosen channels. */
  region?: Region;
  channels?: string[];
  /** The cover picture's absolute URL, for channels that show one and the poster. */
  cover?: string;
}) {
  const labels = useLabels();
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<"link" | "embed" | null>(null);
  const [poster, setPoster] = useState<string | null>(null);
  const offered = channelsFor(region, channels);
  const subject = { url, title, image: cover };
  const act = async (channel: ShareChannel) => {
    const target = shareTarget(channel, subject);
    if (target.kind === "copy") await copy("link");
    else if (target.kind === "poster" && qr) setPoster(await drawPoster(cover, title, qr));
    else if (target.kind === "qr") dialog.current?.querySelector(".tl-qr")?.scrollIntoView({ block: "nearest" });
  };
  const dialog = useRef<HTMLDialogElement>(null);
  const embed = `<iframe src="${url}" title="${title.replaceAll('"', "&quot;")}" width="100%" height="600" style="border:0" allowfullscreen></iframe>`;

  useEffect(() => {
    dialog.current?.showModal();
    let cancelled = false;
    import("qrcode").then(({ toDataURL }) =>
      toDataURL(url, { margin: 1, width: 220 }).then((data) => {
        if (!cancelled) setQr(data);
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [url]);

  const copy = async (what: "link" | "embed") => {
    await navigator.clipboard?.writeText(what === "link" ? url : embed).catch(() => undefined);
    setCopied(what);
  };

  return (
    <dialog ref={dialog} className="tl-dialog" aria-label={labels.share} onClose={onClose}>
      <header>
        <h2>{labels.share}</h2>
        <button type="button" onClick={() => dialog.current?.close()} aria-label={labels.close}>
          ×
        </button>
      </header>
      <label>
        {labels.link}
        <input readOnly value={url} onFocus={(event) => event.target.select()} />
      </label>
      <div className="tl-dialog-actions">
        <button type="button" onClick={() => copy("link")}>
          {copied === "link" ? labels.copied : labels.copyLink}
        </button>
        <a href={url} target="_blank" rel="noopener noreferrer">
          {labels.openLink}
        </a>
      </div>
      <ul className="tl-share-channels" aria-label={labels.share}>
        {offered.map((channel) => {
          const target = shareTarget(channel, subject);
          const name = labels.channels[channel] ?? channel;
          return (
            <li key={channel} data-channel={channel}>
              {target.kind === "open" ? (
                <a
                  className="tl-channel"
                  href={target.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  title={labels.shareVia(name)}
                >
                  {name}
                </a>
              ) : (
                <button type="button" className="tl-channel" onClick={() => void act(channel)}>
                  {name}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {qr ? <img className="tl-qr" src={qr} width={220} height={220} alt={labels.qrCode} /> : null}
      {poster ? (
        <a className="tl-poster" href={poster} download={`${title || "book"}.png`}>
          <img className="tl-poster-image" src={poster} width={200} height={300} alt={labels.poster} />
        </a>
      ) : null}
      <label>
        {labels.embedCode}
        <textarea readOnly rows={3} value={embed} onFocus={(event) => event.target.select()} />
      </label>
      <div className="tl-dialog-actions">
        <button type="button" onClick={() => copy("embed")}>
          {copied === "embed" ? labels.copied : labels.copyEmbed}
        </button>
      </div>
    </dialog>
  );
}
