import { Segmented } from "../common/Segmented.js";
import { useScreenServices } from "../screen-services.js";
import { devicesFor, type PreviewDevice } from "./preview-hints.js";
import type { SaveState } from "./save-flow.js";

/** Above the preview: the device switcher, undo/redo, the save state, statistics, leads, download/publish and share. */
export function PreviewBar({
  view,
  device,
  onDevice,
  readOnly,
  steps,
  onStep,
  save,
  onStatistics,
  onLeads,
  onShare,
  onPublish,
}: {
  /** ?mode=view: the switcher offers PAD too. */
  view: boolean;
  device: PreviewDevice;
  onDevice: (device: PreviewDevice) => void;
  readOnly: boolean;
  steps: { first: boolean; last: boolean };
  onStep: (direction: "undo" | "redo") => void;
  save: { state: SaveState; unsaved: boolean };
  onStatistics: () => void;
  onLeads: () => void;
  onShare: () => void;
  /** Spec 001 publish dialogs (HTML, EXE, APP, APK) for the online book. */
  onPublish: () => void;
}) {
  const { labels } = useScreenServices();
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
        chosen={device}
        onChoose={onDevice}
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
      <button type="button" data-testid="open-statistics" onClick={onStatistics}>
        {labels.statistics}
      </button>
      <button type="button" data-testid="open-leads" onClick={onLeads}>
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
