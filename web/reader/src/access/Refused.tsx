import { useLabels } from "../language/labels-context.js";
import type { ReaderSettings } from "../settings/types.js";

/** What a reader sees instead of the book where it may not be read (outside its frame, outside WeChat). */
export function Refused({ refusal, settings }: { refusal: "embedOnly" | "wechatOnly"; settings: ReaderSettings }) {
  const labels = useLabels();
  return (
    <div className="tl-reader tl-refused" style={{ background: settings.backgroundColor }}>
      <p className="tl-message" role="alert" data-testid="refused">
        {refusal === "embedOnly" ? settings.embedOnlyMessage || labels.embedOnly : labels.wechatOnly}
      </p>
    </div>
  );
}
