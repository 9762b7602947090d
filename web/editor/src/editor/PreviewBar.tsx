import { Segmented } from "../common/Segmented.js";
import { useScreenServices } from "../screen-services.js";
import { devicesFor, type PreviewDevice } from "./preview-hints.js";
import type { SaveState } from "./save-flow.js";
import type { PreviewDeviceState } from "./usePreviewDevice.js";

/** Above the preview: the device switcher, undo/redo, the save state, statistics, leads, download/publish and share. */
export function PreviewBar({
  view,
  previewDevice,
  readOnly,
  history,
  save,
  number,
  onShare,
  onPublish,
}: {
  /** ?mode=view: the switcher offers PAD too. */
  view: boolean;
  previewDevice: Pick<PreviewDeviceState, "device" | "switchDevice">;
  readOnly: boolean;
  /** Undo/redo: where the history stands (its first or last step) and the step. */
  history: { steps: { first: boolean; last: boolean }; step: (direction: "undo" | "redo") => void };
  save: { state: SaveState; unsaved: boolean };
  /** The book's number: its statistics and leads screens. */
  number: string;
  onShare: () => void;
  /** Spec 001 publish dialogs (HTML, EXE, APP, APK) for the online book. */
  onPublish: () => void;
}) {
  const { labels, navigate } = useScreenServices();
  const { steps, step: onStep } = history;
  const saveText: Record<SaveState, string> = {
    waiting: labels.saveWaiting,
    working: labels.saveWorking,
    success: labels.saveSuccess,
    error: labels.saveError,
  };
  const deviceText: Record<PreviewDevice, string> = { pc: labels.pc, pad: labels.pad, phone: labels.phone };
  /** Undo or redo; at the history's end it stays pressable and says so in its title. */
  const stepButton = (step: "undo" | "redo", arrow: string, atEnd: boolean, endTitle: string) => (
    <button
      type="button"
      disabled={readOnly}
      onClick={() => onStep(step)}
      className={atEnd ? "at-end" : ""}
      title={atEnd ? endTitle : labels[step]}
    >
      {arrow} {labels[step]}
    </button>
  );
  return (
    <div className="preview-bar">
      <Segmented
        label={labels.preview}
        options={devicesFor(view).map((name) => [name, deviceText[name]])}
        chosen={previewDevice.device}
        onChoose={previewDevice.switchDevice}
      />
      <div className="history-buttons">
        {stepButton("undo", "↶", steps.first, labels.firstStep)}
        {stepButton("redo", "↷", steps.last, labels.lastStep)}
      </div>
      <span
        className={`save-state save-${save.state}`}
        data-testid="save-state"
        data-state={save.state}
        data-guide="savePreview"
      >
        {save.unsaved && save.state !== "working" ? labels.unsaved : saveText[save.state]}
      </span>
      <button type="button" data-testid="open-statistics" onClick={() => navigate("/statistics", { num: number })}>
        {labels.statistics}
      </button>
      <button type="button" data-testid="open-leads" onClick={() => navigate("/leads", { num: number })}>
        {labels.leads}
      </button>
      <button type="button" data-testid="open-publish" onClick={onPublish}>
        {labels.publishOpen}
      </button>
      <button type="button" className="primary" onClick={onShare}>
        {labels.share}
      </button>
    </div>
  );
}
