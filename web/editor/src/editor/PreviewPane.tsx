import type { ReactNode } from "react";
import { useScreenServices } from "../screen-services.js";
import type { PreviewChannel } from "./usePreviewChannel.js";
import type { PreviewDeviceState } from "./usePreviewDevice.js";

/**
 * The preview pane: its bar, the device's one-time hint, and the hosted reader `/b/<number>` in the frame
 * `bookEditIframe` (hidden while the multimedia editor takes its place).
 */
export function PreviewPane({
  bar,
  previewDevice: { device, hint },
  mediaEditor,
  preview,
  number,
}: {
  bar: ReactNode;
  /** The device the frame shows the book on, and its one-time hint. */
  previewDevice: Pick<PreviewDeviceState, "device" | "hint">;
  /** The multimedia tab's page editor, shown instead of the frame. */
  mediaEditor: ReactNode;
  preview: PreviewChannel;
  number: string;
}) {
  const { labels, lang } = useScreenServices();
  return (
    <section className="preview" aria-label={labels.preview}>
      {bar}
      {hint ? (
        <p className="preview-hint" role="note" data-testid="preview-hint" data-device={hint}>
          {hint === "phone" ? labels.hintPhone : labels.hintPc}
        </p>
      ) : null}
      {mediaEditor}
      <div className={`stage device-${device}`} hidden={mediaEditor !== null}>
        <iframe
          key={preview.version}
          ref={preview.frame}
          name="bookEditIframe"
          title={labels.preview}
          data-ready={preview.ready ? "true" : "false"}
          src={`/b/${encodeURIComponent(number)}${lang === "zh-CN" ? "" : `?lang=${lang}`}`}
        />
      </div>
    </section>
  );
}
